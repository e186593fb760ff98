// Starts the built server the way `npm start` does, on a fresh data folder (and a fresh database on a
// PostgreSQL server when TEST_DATABASE_URL is set), with the sandboxes and demo data.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { apiNodeFlags } from '../../../api/node-flags.mjs';

const root = resolve(import.meta.dirname, '../../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'myprosper-e2e-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  SANDBOX: 'true',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  // Every journey books from this one address, many with the demo accounts: not a person hoarding slots.
  RATE_LIMIT_BOOKINGS_PER_HOUR: '1000',
  // Likewise the journeys' log-ins and sign-ups (dozens a minute from this address): the limits themselves are
  // proved by the API's tests (rate-limit and brute-force suites).
  RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
  RATE_LIMIT_SIGNUPS_PER_MINUTE: '1000',
};
delete env.DATABASE_URL;

if (process.env.TEST_DATABASE_URL) {
  const name = `myprosper_e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
}

const child = spawn(process.execPath, [...apiNodeFlags, 'apps/api/dist/server.js'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
