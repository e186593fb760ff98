import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Db } from './connection.ts';

/** Where the committed SQL migrations live; the bundled server passes its own copy. */
export const defaultMigrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The advisory lock instances take in turn while migrating. */
const migrationLockKey = 72_430_025;

/**
 * Applies the migrations not applied yet. API instances starting together on one database take turns (an
 * advisory lock held on a connection of its own): the first migrates, the others then find nothing to do.
 */
export async function runMigrations(db: Db, migrationsFolder = defaultMigrationsFolder): Promise<void> {
  // A session of its own, on the database of the pool drizzle was given ($client).
  const lock = new pg.Client({ connectionString: db.$client.options.connectionString });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
    await migrate(db, { migrationsFolder });
  } finally {
    // Ending the session releases the lock.
    await lock.end();
  }
}
