// Where the benchmark's data lives: a database on a PostgreSQL server, or an embedded (PGlite) data folder.
// Either is migrated with the app's own migrations and reused while its marker fits.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { connectDatabase } from '../../apps/api/src/db/connection.ts';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { datasetSize } from './dataset.ts';
import { generate } from './generate.ts';
import { type Marker, markerFits, readMarker } from './marker.ts';

export interface Dataset {
  url: string;
  marker: Marker;
  /** Whether it was made by this run (false: reused). */
  made: boolean;
}

/** Migrates the database at `url` with the app's migrations (new ones, e.g. indexes, land on old data too). */
async function migrate(url: string): Promise<void> {
  const database = connectDatabase(url, { max: 1 });
  try {
    await runMigrations(database.db);
  } finally {
    await database.close();
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The dataset in database `name` on the server of `serverUrl` (any database URL of that server): reused when
 * its marker fits the scale, else dropped, created, migrated and filled.
 */
export async function serverDataset(
  serverUrl: string,
  name: string,
  scale: number,
  log: (line: string) => void,
): Promise<Dataset> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const size = datasetSize(scale);
  const exists = await withClient(serverUrl, async (client) => {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rows.length > 0;
  });
  if (exists) {
    const marker = await withClient(url.toString(), readMarker);
    if (markerFits(marker, size) && marker) {
      await migrate(url.toString());
      return { url: url.toString(), marker, made: false };
    }
    log(`  database ${name} holds another dataset: making it again`);
    await withClient(serverUrl, (client) => client.query(`DROP DATABASE ${name} WITH (FORCE)`));
  }
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  await migrate(url.toString());
  log(`  generating ${describe(size)} in ${name}`);
  const marker = await withClient(url.toString(), (client) => generate(client, scale, log));
  return { url: url.toString(), marker, made: true };
}

/**
 * The dataset in an embedded data folder (`dataDir/pg`, where the server keeps it with DATA_DIR=dataDir).
 * Generated through PGlite's socket, then closed, so the server can open the folder itself.
 */
export async function embeddedDataset(
  dataDir: string,
  scale: number,
  log: (line: string) => void,
): Promise<{ marker: Marker; made: boolean }> {
  const size = datasetSize(scale);
  const pgDir = join(dataDir, 'pg');
  if (existsSync(pgDir)) {
    const embedded = await startEmbeddedPostgres(pgDir);
    try {
      const marker = await withClient(embedded.url, readMarker);
      if (markerFits(marker, size) && marker) {
        await migrate(embedded.url);
        return { marker, made: false };
      }
    } finally {
      await embedded.stop();
    }
    log('  the embedded data folder holds another dataset: making it again');
    rmSync(dataDir, { recursive: true, force: true });
  }
  const embedded = await startEmbeddedPostgres(pgDir);
  try {
    await migrate(embedded.url);
    log(`  generating ${describe(size)} in ${pgDir}`);
    const marker = await withClient(embedded.url, (client) => generate(client, scale, log));
    return { marker, made: true };
  } finally {
    await embedded.stop();
  }
}

export function describe(size: ReturnType<typeof datasetSize>): string {
  const n = (v: number) => v.toLocaleString('en-US');
  return `${n(size.mentors)} mentors, ${n(size.programs)} programs, ${n(size.sessions)} sessions, ${n(size.ledgerEntries)} ledger entries, ${n(size.advisees)} advisees`;
}
