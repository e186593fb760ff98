import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, DbOrTx } from './db-types.ts';

/**
 * Databases on a PostgreSQL server, whose connections each hold their own named statements. PGlite serves
 * every socket connection from one session, where two connections would create the same name twice; there
 * statements stay unnamed (planned on every run).
 */
const serverDatabases = new WeakSet<Db>();

/** Called by connectDatabase for a database whose connections are sessions of their own. */
export function allowNamedStatements(db: Db): void {
  serverDatabases.add(db);
}

/**
 * The name to give a statement: on a PostgreSQL server, PostgreSQL parses and plans it once per connection
 * (a generic plan after a few runs) instead of on every run; planning the hot queries cost more than running
 * them. Inside a transaction, or on PGlite, none.
 */
function statementName(db: DbOrTx, name: string): string | undefined {
  return serverDatabases.has(db as Db) ? name : undefined;
}

const preparedByDatabase = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A query-builder statement prepared once per database (`prepare` is given the name to pass to `.prepare()`,
 * empty where statementName gives none) and reused on every run after.
 */
export function preparedOnce<T>(db: DbOrTx, name: string, prepare: (statementName: string) => T): T {
  let prepared = preparedByDatabase.get(db);
  if (!prepared) {
    prepared = new Map();
    preparedByDatabase.set(db, prepared);
  }
  if (!prepared.has(name)) prepared.set(name, prepare(statementName(db, name) ?? ''));
  return prepared.get(name) as T;
}

const dialect = new PgDialect({ casing: 'snake_case' });

/** A raw statement as built once per database: its text, and its parameters with placeholders among them. */
interface RawStatement {
  name: string | undefined;
  text: string;
  params: unknown[];
}

/**
 * Types node-postgres would turn into Date objects or numbers, left as the text PostgreSQL sends, as drizzle
 * leaves them for its own statements (dates, timestamps, intervals and their arrays, numeric arrays): rows
 * come back as they did when drizzle ran these statements.
 */
const keptAsText = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const asSent = (value: string) => value;
const rowTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    keptAsText.has(oid) ? asSent : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * The statement with its values in place of the numbered parameters, for drizzle to run inside a transaction
 * (whose connection only drizzle holds), unnamed. The dialect numbers each parameter once, in order.
 */
function withValues(text: string, values: unknown[]): SQL {
  const statement = sql.empty();
  for (const [n, part] of text.split(/\$(\d+)/).entries()) {
    statement.append(n % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`);
  }
  return statement;
}

/**
 * Runs a raw statement as `db.execute` does, under `name` where the database allows (statementName). `build`
 * makes its text once per database, with `sql.placeholder(…)` where `values` go on each run; one name, one text.
 * On the database it goes through node-postgres's pool as a named query (`{ name, text, values }`); in a
 * transaction, through drizzle on the transaction's connection, unnamed.
 */
export async function executeNamed<T extends pg.QueryResultRow>(
  db: DbOrTx,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<{ rows: T[] }> {
  const statement = preparedOnce(db, name, (statementName): RawStatement => {
    const query = dialect.sqlToQuery(build());
    return { name: statementName || undefined, text: query.sql, params: query.params };
  });
  const params = fillPlaceholders(statement.params, values);
  if ('$client' in db) {
    return db.$client.query<T>({
      name: statement.name,
      text: statement.text,
      values: params,
      types: rowTypes,
    });
  }
  const { rows } = await db.execute<T>(withValues(statement.text, params));
  // drizzle types the rows as Assume<T, QueryResultRow>, which is T for every T this accepts.
  return { rows: rows as T[] };
}
