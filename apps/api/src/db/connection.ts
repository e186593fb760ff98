import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Db, schema } from './db-types.ts';
import { allowNamedStatements } from './prepared.ts';

export { type Db, type DbOrTx, schema } from './db-types.ts';

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

// Dates and timestamps come back as strings we map ourselves; bigint counts as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** The application name embedded.ts puts in its URLs: PGlite serves all their connections from one session. */
export const embeddedApplicationName = 'myprosper-embedded';

function isEmbedded(url: string): boolean {
  try {
    return new URL(url).searchParams.get('application_name') === embeddedApplicationName;
  } catch {
    return false;
  }
}

export function connectDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // Nor one checked out between two statements of a transaction (the pool listens to idle clients only):
  // the failure reaches its next query, and the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  if (!isEmbedded(url)) allowNamedStatements(db);
  return {
    db,
    pool,
    async close() {
      await pool.end();
    },
  };
}
