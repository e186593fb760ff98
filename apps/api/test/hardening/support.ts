import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../src/db/seed/factories.ts';
import { signToken } from '../../src/features/auth/auth.test-helpers.ts';
import { tokenAudience, tokenIssuer } from '../../src/features/auth/token.service.ts';
import type { TestContext } from '../test-app.ts';

/** Helpers of the hardening suites: the routes of the app, forged tokens, and a fingerprint of the data. */

export const routeMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type RouteMethod = (typeof routeMethods)[number];

export interface AppRoute {
  method: RouteMethod;
  /** The path as registered: /myprosper/api/getVoucher/:reference */
  path: string;
  /** 'GET /myprosper/api/getVoucher/:reference' */
  key: string;
}

/**
 * Every route of the app, read from Fastify's own route tree (printRoutes) and checked back with hasRoute,
 * so a route added anywhere shows up here without being listed by hand.
 */
export function appRoutes(app: FastifyInstance): AppRoute[] {
  const tree = app.printRoutes();
  const prefixes: string[] = [];
  const routes: AppRoute[] = [];
  for (const line of tree.split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const depth = Math.floor(at / 4);
    const node = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 3));
    if (!node) throw new Error(`unreadable route line: ${line}`);
    const path = (depth > 0 ? (prefixes[depth - 1] ?? '') : '') + (node[1] ?? '');
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of (node[2] ?? '').split(',').map((m) => m.trim())) {
      if (!method) continue;
      if (!(routeMethods as readonly string[]).includes(method))
        throw new Error(`method ${method} of ${path}`);
      if (!app.hasRoute({ method: method as RouteMethod, url: path })) {
        throw new Error(`read ${method} ${path} from the route tree, but the app has no such route`);
      }
      routes.push({ method: method as RouteMethod, path, key: `${method} ${path}` });
    }
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}

/** A path template with its :params filled in. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Tokens an attacker could bring, for a real user's claims: one that has expired, one signed with a key that is
 * not ours, and one with alg none (no signature at all).
 */
export async function forgedTokens(
  app: FastifyInstance,
  user: Pick<UserRow, 'id' | 'role' | 'tokenVersion'>,
) {
  const claims = { role: user.role, ver: user.tokenVersion, iss: tokenIssuer, aud: tokenAudience };
  const now = Math.floor(Date.now() / 1000);
  const sign = (secret: string, issuedAt: number, expiresAt: number) =>
    signToken(secret, user, { issuedAt, expiresAt });
  return {
    expired: await sign(app.signingSecret, now - 7200, now - 3600),
    otherKey: await sign(randomBytes(32).toString('hex'), now, now + 3600),
    algNone: `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims, sub: String(user.id), iat: now, exp: now + 3600 })}.`,
  };
}

/** The tables of the app's own schema (not pg-boss's), by name. */
export async function appTables({ database }: TestContext): Promise<string[]> {
  const result = await database.db.execute<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return result.rows.map((row) => row.name).filter((name) => !refusalCounterTables.includes(name));
}

/** Tables whose rows count refused attempts by design (wrong passwords slow the next try), so they must change. */
const refusalCounterTables: readonly string[] = ['sign_in_failures'];

/**
 * Columns a refused request writes by design, left out of the fingerprint: a wrong two-step code is counted
 * against its account (5 in 15 minutes), so the count must outlive the refusal.
 */
const refusalCounters: Record<string, readonly string[]> = {
  two_step_secrets: ['failed_codes', 'failed_codes_since'],
};

/** A row of the table (alias t) as text, without its refusal counters. */
function rowText(table: string): SQL {
  const counters = refusalCounters[table];
  if (!counters) return sql`t::text`;
  return sql`(to_jsonb(t) ${sql.join(
    counters.map((column) => sql`- ${column}::text`),
    sql` `,
  )})::text`;
}

/**
 * Rows an outside service's stand-in writes, not the app, left out of the fingerprint: the M-PESA sandbox keeps
 * the customer's confirmation SMS in the outbox when a push completes (M-PESA sends it, we never do), which a
 * push made before the first reading may do at any later moment.
 */
const standInRows: Record<string, SQL> = {
  outbox_messages: sql`t.transport <> 'mpesa-sandbox'`,
};

/**
 * A fingerprint of every row of the given tables: a row count and an md5 of the rows in a fixed order per
 * table. Two equal fingerprints mean nothing was added, removed or changed. Searches the app keeps in memory
 * for a moment (the catalogue's search log) are written first, so a late write is not taken for a change.
 */
export async function dataFingerprint(ctx: TestContext, tables: string[]): Promise<Record<string, string>> {
  await ctx.app.catalogue.searches.flush();
  const parts = tables.map((table) => {
    const row = rowText(table);
    const ours = standInRows[table];
    return sql`SELECT ${table} AS name, count(*)::text || ':' || coalesce(md5(string_agg(${row}, '|' ORDER BY ${row})), '') AS print FROM ${sql.identifier(table)} t${ours ? sql` WHERE ${ours}` : sql``}`;
  });
  const result = await ctx.database.db.execute<{ name: string; print: string }>(
    sql.join(parts, sql` UNION ALL `),
  );
  return Object.fromEntries(result.rows.map((row) => [row.name, row.print]));
}

/**
 * The fingerprint once the app has finished what a call set off in the background (mail to the outbox, a
 * sandbox callback): taken again until two readings a moment apart agree.
 */
export async function settledFingerprint(
  ctx: TestContext,
  tables: string[],
): Promise<Record<string, string>> {
  let last = await dataFingerprint(ctx, tables);
  for (let reading = 0; reading < 50; reading++) {
    await new Promise((resolve) => setTimeout(resolve, 40));
    const next = await dataFingerprint(ctx, tables);
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
  throw new Error('the data kept changing');
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
}
