import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as catalogue from './schema/catalogue.ts';
import * as messaging from './schema/messaging.ts';
import * as users from './schema/users.ts';

/** The tables drizzle's relational queries know. */
export const schema = { ...catalogue, ...messaging, ...users };

/** The database, with the pool drizzle was given as `$client` (drizzle's public handle on the driver). */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction or the database itself: repositories accept either, so one business operation commits once. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
