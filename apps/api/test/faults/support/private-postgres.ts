import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, waitUntil } from './waiting.ts';

/**
 * A PostgreSQL cluster of the fault tests' own: initdb into a temporary folder, started on a free port, so a
 * test may stop and start it (or crash it) without touching the machine's shared server. PostgreSQL refuses
 * to run as root: as root the cluster belongs to the `postgres` user and its commands run through runuser.
 */

export interface PrivateCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  adminUrl: string;
  port: number;
  /** The url of a database of this cluster. */
  urlOf(database: string): string;
  /** A new empty database; answers its url. */
  createDatabase(name: string): Promise<string>;
  /** `fast`: clients are told the server shuts down; `immediate`: a crash (recovery at the next start). */
  stop(mode: 'fast' | 'immediate'): void;
  start(): Promise<void>;
  isRunning(): boolean;
  /** The server log, for a failing test's message. */
  log(): string;
  /** Stops the server and removes its folder. */
  destroy(): void;
}

/** The folder of initdb/pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin, else the PATH. */
function findBinaries(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found.replace(/\/initdb$/, '');
  throw new Error(
    'The fault tests start a PostgreSQL cluster of their own and need its programs (initdb, pg_ctl): install ' +
      'PostgreSQL (e.g. apt-get install postgresql) or set PG_BIN to the folder that holds them.',
  );
}

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const bin = findBinaries();
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'myprosper-faults-pg-'));
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const port = await freePort();

  const run = (program: string, args: string[]) => {
    const [command, fullArgs] = isRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]]
      : [join(bin, program), args];
    const result = spawnSync(command, fullArgs, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) {
      throw new Error(`${program} ${args.join(' ')} failed: ${result.stderr}${result.stdout}`);
    }
    return result.stdout;
  };

  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c max_connections=200',
    '-c shared_buffers=64MB',
  ].join(' ');

  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let running = false;

  const cluster: PrivateCluster = {
    adminUrl,
    port,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return cluster.urlOf(name);
    },
    stop(mode) {
      run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    async start() {
      run('pg_ctl', ['-D', dataDir, '-o', options, '-l', logFile, '-w', '-t', '120', 'start']);
      running = true;
      await waitUntil('the private PostgreSQL accepts connections', 60_000, async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        try {
          await client.connect();
          await client.query('select 1');
          return true;
        } catch {
          return false;
        } finally {
          await client.end().catch(() => undefined);
        }
      });
    },
    isRunning: () => running,
    log() {
      return existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '';
    },
    destroy() {
      if (running) {
        try {
          cluster.stop('immediate');
        } catch {
          // Already gone.
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
