#!/usr/bin/env node
// `npm run start:cluster`: several API processes on one port (node:cluster), all on one PostgreSQL server.
// INSTANCES sets how many (one per CPU core when unset). DATABASE_URL is required: the embedded database
// (PGlite) belongs to a single process, so it is refused here with a clear message.
// The first process starts alone (it migrates the database); the others follow once it listens. A process
// that dies is replaced; SIGTERM or SIGINT stops them all, each finishing its requests.
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { apiNodeFlags } from '../apps/api/node-flags.mjs';

if (existsSync('.env')) process.loadEnvFile('.env');

function refuse(message) {
  console.error(message);
  process.exit(1);
}

if (!process.env.DATABASE_URL) {
  refuse(
    'start:cluster runs several API processes, and they must share a PostgreSQL server: set DATABASE_URL\n' +
      '(e.g. DATABASE_URL=postgres://user:password@host:5432/myprosper npm run start:cluster).\n' +
      'The embedded database (PGlite, used when DATABASE_URL is unset) serves one process only: use `npm start`.',
  );
}

const instances = process.env.INSTANCES ? Number(process.env.INSTANCES) : availableParallelism();
if (!Number.isInteger(instances) || instances < 1 || instances > 64) {
  refuse(`INSTANCES must be a whole number from 1 to 64, got ${process.env.INSTANCES}`);
}

// The built server by default; CLUSTER_WORKER runs another entry (a .ts one through tsx, as tests do).
const worker = resolve(process.env.CLUSTER_WORKER ?? 'apps/api/dist/server.js');
if (!existsSync(worker)) refuse(`${worker} does not exist: run \`npm run build\` first.`);
cluster.setupPrimary({
  exec: worker,
  execArgv: [...apiNodeFlags, ...(worker.endsWith('.ts') ? ['--import', 'tsx'] : [])],
});

let stopping = false;
let restarts = 0;

function fork() {
  const child = cluster.fork();
  child.once('listening', (address) => {
    console.info(`worker ${child.process.pid} listening on port ${address.port}`);
  });
  return child;
}

cluster.on('exit', (child, code, signal) => {
  if (stopping) return;
  console.error(`worker ${child.process.pid} ended (${signal ?? code}); starting another`);
  restarts += 1;
  // A crash loop (e.g. a bad setting) backs off instead of spinning.
  setTimeout(fork, Math.min(30_000, 500 * 2 ** Math.min(restarts, 6)));
});

function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.info(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
  for (const child of Object.values(cluster.workers ?? {})) child?.process.kill(signal);
  // Past each worker's own limit (SHUTDOWN_LIMIT_MS, 25 s by default).
  const timer = setTimeout(() => process.exit(1), 30_000);
  const check = () => {
    if (Object.keys(cluster.workers ?? {}).length === 0) {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  // A worker leaves cluster.workers once it has both exited and disconnected, in either order: check on both.
  cluster.on('exit', check);
  cluster.on('disconnect', check);
  check();
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

// The others once one listens: by then the database is migrated.
let othersStarted = false;
cluster.on('listening', () => {
  if (othersStarted) return;
  othersStarted = true;
  for (let n = 1; n < instances; n++) fork();
});
fork();
