import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomIp } from '../../src/features/auth/auth.test-helpers.ts';
import { bearer } from '../../src/features/booking/booking.test-helpers.ts';
import { isLocalOnlyRoute } from '../../src/lib/local-only.ts';
import { createTestApp, type TestContext } from '../test-app.ts';
import { type JsonSchema, mutatedObject, parameterValue } from './schema-arbitraries.ts';
import {
  type AppRoute,
  appRoutes,
  appTables,
  changedTables,
  dataFingerprint,
  fillPath,
  settledFingerprint,
} from './support.ts';
import { buildWorld, fresh, type World } from './world.ts';

/**
 * Bad input for every route, generated with fast-check from the route's schemas in the OpenAPI document:
 * wrong types, missing and extra fields, huge strings, hostile unicode, negative and enormous numbers; and for
 * every route that takes a body, malformed JSON, wrong content types and oversized bodies. Every answer is a 4xx
 * with a clear message (or a success, for input that happens to be fine), never a 5xx; and a refused request
 * changes no row of the database. FUZZ_RUNS sets the generated requests per route; FUZZ_SEED replays a run.
 */

const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 30);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** An id no row has: the probes that find a route's caller must not change anything. */
const missing = 999_999;

interface OpenApiOperation {
  parameters?: Array<{
    in: 'path' | 'query' | 'header';
    name: string;
    required?: boolean;
    schema: JsonSchema;
  }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface FuzzRequest {
  method: AppRoute['method'];
  url: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  how: string;
  mustRefuse: boolean;
}

/** What a 4xx must look like: the envelope with a message for people, not internals. */
function unclearMessage(body: string): string | null {
  let parsed: { statusCode?: unknown; message?: unknown };
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'the answer is not JSON';
  }
  const message = parsed.message;
  if (typeof message !== 'string' || message.trim() === '') return 'no message';
  if (message.length > 400) return 'a message too long to be for people';
  if (/\bat .+:\d+:\d+|\bSELECT\b|\bINSERT\b|violates|\[object Object\]|undefined|TypeError/.test(message)) {
    return `internals in the message: ${message}`;
  }
  return null;
}

/** Raw bodies every route that takes one must refuse: broken JSON, other types, too much of it. */
function rawBodyAttacks(consumesForm: boolean): Array<Omit<FuzzRequest, 'method' | 'url'>> {
  const json = { 'content-type': 'application/json' };
  const attacks: Array<Omit<FuzzRequest, 'method' | 'url'>> = [
    { headers: json, payload: '{"a":', how: 'truncated JSON', mustRefuse: true },
    { headers: json, payload: '{"a":1} trailing', how: 'JSON with trailing text', mustRefuse: true },
    { headers: json, payload: "{'a': 1}", how: 'single-quoted JSON', mustRefuse: true },
    { headers: json, payload: '', how: 'empty JSON body', mustRefuse: true },
    {
      headers: json,
      payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      how: 'invalid UTF-8',
      mustRefuse: true,
    },
    { headers: json, payload: '{"__proto__":{"role":"ADMIN"}}', how: '__proto__ key', mustRefuse: true },
    {
      headers: json,
      payload: '{"constructor":{"prototype":{"role":"ADMIN"}}}',
      how: 'constructor.prototype key',
      mustRefuse: true,
    },
    {
      headers: json,
      payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
      how: 'deeply nested',
      mustRefuse: true,
    },
    {
      headers: json,
      payload: '{"sessionId":1e999,"id":1e999}',
      how: 'number too large for a double',
      mustRefuse: false,
    },
    {
      headers: json,
      payload: JSON.stringify({ padding: 'x'.repeat(1024 * 1024 + 10) }),
      how: 'body over 1 MB',
      mustRefuse: true,
    },
    { headers: { 'content-type': 'text/plain' }, payload: 'hello', how: 'text/plain', mustRefuse: true },
    { headers: { 'content-type': 'application/xml' }, payload: '<a>1</a>', how: 'XML', mustRefuse: true },
    {
      headers: { 'content-type': 'multipart/form-data' },
      payload: '--x\r\n',
      how: 'multipart without a boundary',
      mustRefuse: true,
    },
    {
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="../../evil.png"\r\n\r\n\x89PNG',
      how: 'truncated multipart with a path in the file name',
      mustRefuse: true,
    },
  ];
  if (!consumesForm) {
    attacks.push({
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1&b=2',
      how: 'a form where JSON is expected',
      mustRefuse: true,
    });
  }
  return attacks;
}

describe('fuzz: bad input for every route', () => {
  let ctx: TestContext;
  let world: World;
  let tables: string[];
  let ids: number[];
  let spec: { paths: Record<string, Record<string, OpenApiOperation>> };
  const tokens = new Map<string, string>();
  let requestsTried = 0;

  beforeAll(async () => {
    ctx = await createTestApp({
      JOBS_ENABLED: 'false',
      MPESA_SANDBOX_DELAY_MS: '0',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
    });
    world = await buildWorld(ctx);
    tables = await appTables(ctx);
    spec = ctx.app.swagger() as typeof spec;
    // Real ids make some requests reach deep; the callers' own are left out, so no fuzzed admin call suspends them.
    ids = [...Object.values(world.sessions), world.otherAdvisee.id, world.otherMentor.id, world.topicId];
  }, 240_000);
  afterAll(async () => {
    console.info(`fuzz: ${requestsTried} requests tried`);
    await ctx?.close();
  });

  /** The OpenAPI operation of a route (paths there read {param} where Fastify reads :param). */
  function operationOf(route: AppRoute): OpenApiOperation | undefined {
    const openApiPath = route.path.replace(/:(\w+)/g, '{$1}');
    return spec.paths[openApiPath]?.[route.method.toLowerCase()];
  }

  /** A client address: any, but this machine's for the outbox and the stand-ins, which serve it only. */
  const addressFor = (url: string) => (isLocalOnlyRoute(url.split('?')[0]) ? '127.0.0.1' : randomIp());

  /**
   * Someone the route lets in (the visitor, an advisee, the mentor or the admin), so input is what is tested;
   * and whether the route takes files only (an empty JSON body is then refused as the wrong content type).
   */
  async function callerFor(route: AppRoute): Promise<{ authorization?: string; takesFiles: boolean }> {
    const url = fillPath(
      route.path,
      Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map((m) => [m[1], missing])),
    );
    const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {};
    for (const authorization of [undefined, ...tokens.values()]) {
      const res = await ctx.app.inject({
        method: route.method,
        url,
        remoteAddress: addressFor(url),
        headers: authorization ? { authorization } : {},
        ...body,
      });
      if (res.statusCode !== 401 && res.statusCode !== 403) {
        return { authorization, takesFiles: res.statusCode === 415 };
      }
    }
    return { authorization: tokens.get('ADMIN'), takesFiles: false };
  }

  /** The data as it was after the last refused request (none: read it again once the app has settled). */
  let baseline: Record<string, string> | undefined;

  /** Sends one request; answers what is wrong with the answer, or null. */
  async function check(request: FuzzRequest, authorization?: string): Promise<string | null> {
    const before = baseline ?? (await settledFingerprint(ctx, tables));
    requestsTried += 1;
    const res = await ctx.app.inject({
      method: request.method,
      url: request.url,
      query: request.query,
      remoteAddress: addressFor(request.url),
      headers: { ...(authorization ? { authorization } : {}), ...request.headers },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    const status = res.statusCode;
    const what = `${request.method} ${request.url.slice(0, 200)} (${request.how}) answered ${status}`;
    if (status >= 500) return `${what}: ${res.body.slice(0, 300)}`;
    if (status < 400) {
      baseline = undefined;
      return request.mustRefuse ? `${what}, but had to be refused` : null;
    }
    // The sandboxes answer in their providers' own formats (text, HTML, Daraja's JSON).
    const unclear = request.url.startsWith('/sandbox/') ? null : unclearMessage(res.body);
    if (unclear) return `${what}: ${unclear}: ${res.body.slice(0, 200)}`;
    baseline = await dataFingerprint(ctx, tables);
    const changed = changedTables(before, baseline);
    if (changed.length > 0) return `${what} but changed ${changed.join(', ')}`;
    return null;
  }

  it('sees the change an accepted request makes, so "unchanged" means something', async () => {
    const before = await settledFingerprint(ctx, tables);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/api/contactSupport',
      remoteAddress: randomIp(),
      payload: { name: 'Fuzz', email: 'fuzz@example.com', message: 'Checking the fingerprint' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await settledFingerprint(ctx, tables);
    expect(changedTables(before, after)).toContain('contact_messages');
  });

  it(
    'answers every bad request with a 4xx and a clear message, and changes nothing when it refuses',
    async () => {
      const problems: string[] = [];
      const routes = appRoutes(ctx.app).filter((route) => route.method !== 'HEAD');
      for (const route of routes) {
        const operation = operationOf(route);
        // Tokens as the people are now: a log-out or password change in an earlier route revoked the old ones.
        for (const user of [world.advisee, world.mentor, world.admin]) {
          tokens.set(user.role, (await bearer(ctx.app, await fresh(ctx, user))).authorization);
        }
        const { authorization, takesFiles } = await callerFor(route);
        baseline = undefined;
        const params = (operation?.parameters ?? []).filter((p) => p.in === 'path');
        const queries = (operation?.parameters ?? []).filter((p) => p.in === 'query');
        const bodySchema = operation?.requestBody?.content?.['application/json']?.schema;
        const takesBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
        const pathNames = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

        const pathArb = fc.record(
          Object.fromEntries(
            pathNames.map((name) => {
              const schema = params.find((p) => p.name === name)?.schema ?? { type: 'string' };
              return [name, parameterValue(schema, ids)];
            }),
          ),
        );
        const queryArb = fc.record(
          {
            ...Object.fromEntries(queries.map((q) => [q.name, parameterValue(q.schema, ids)])),
            [`extra${route.path.length}`]: parameterValue({ type: 'string' }, ids),
          },
          { requiredKeys: [] },
        );
        const bodyArb = bodySchema && takesBody ? mutatedObject(bodySchema, ids) : fc.constant(undefined);
        const requestArb = fc.tuple(pathArb, queryArb, bodyArb).map(
          ([path, query, body]): FuzzRequest => ({
            method: route.method,
            url: fillPath(route.path, path as Record<string, string>),
            query: query as Record<string, string>,
            ...(body
              ? {
                  headers: { 'content-type': 'application/json' },
                  payload: JSON.stringify(body.value),
                  how: body.how,
                  mustRefuse: body.mustRefuse,
                }
              : { how: 'parameters', mustRefuse: false }),
          }),
        );
        let found: string | null = null;
        const result = await fc.check(
          fc.asyncProperty(requestArb, async (request) => {
            found = await check(request, authorization);
            return found === null;
          }),
          { numRuns: runsPerRoute, seed, endOnFailure: true },
        );
        if (result.failed) problems.push(`${found ?? route.key} [seed ${result.seed}]`);

        if (pathNames.length > 0) {
          // Percent signs that decode to nothing, and to bytes that are not UTF-8.
          for (const raw of ['%E0%A4%A', '%ff%fe', '%00']) {
            const url = route.path.replace(/:(\w+)/g, raw);
            const problem = await check(
              { method: route.method, url, how: `path ${raw}`, mustRefuse: false },
              authorization,
            );
            if (problem) problems.push(problem);
          }
        }
        if (takesBody) {
          const url = fillPath(route.path, Object.fromEntries(pathNames.map((name) => [name, missing])));
          const consumesForm = route.path.includes('/card/') || route.path.startsWith('/sandbox/cybersource');
          for (const attack of rawBodyAttacks(consumesForm)) {
            // A route that reads no body may ignore one; a route that reads one must refuse a broken one.
            const mustRefuse = attack.mustRefuse && (bodySchema !== undefined || takesFiles);
            const problem = await check({ method: route.method, url, ...attack, mustRefuse }, authorization);
            if (problem) problems.push(problem);
          }
        }
      }
      expect(problems).toEqual([]);
      expect(requestsTried).toBeGreaterThan(routes.length * runsPerRoute);
    },
    60 * 60_000,
  );
});
