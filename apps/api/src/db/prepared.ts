import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './connection.ts';

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

/**
 * Runs a raw statement as `db.execute` does, under `name` where the database allows (statementName). `build`
 * makes its text once per database, with `sql.placeholder(…)` where `values` go on each run; one name, one text.
 */
export function executeNamed<T extends Record<string, unknown>>(
  db: DbOrTx,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
) {
  const statement = preparedOnce(db, name, (statementName) =>
    db._.session.prepareQuery<{ execute: { rows: T[] }; all: unknown; values: unknown }>(
      dialect.sqlToQuery(build()),
      undefined,
      statementName || undefined,
      false,
    ),
  );
  return statement.execute(values);
}
