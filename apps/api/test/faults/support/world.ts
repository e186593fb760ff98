import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { connectDatabase, type Database } from '../../../src/db/connection.ts';
import type { UserRow } from '../../../src/db/seed/factories.ts';
import { TokenService } from '../../../src/features/auth/token.service.ts';
import { localCybersourcePath } from '../../../src/providers/card.ts';
import { localDarajaPath } from '../../../src/providers/mpesa.ts';
import { localSandboxPath } from '../../../src/providers/sms.ts';
import { type FaultProxy, startFaultProxy } from './fault-proxy.ts';
import { type PrivateCluster, startPrivateCluster } from './private-postgres.ts';
import { type ServerProcess, startServer } from './server-process.ts';
import { freePort } from './waiting.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled server the fault tests run (built once by their global setup). */
    faultsServerEntry: string;
  }
}

/**
 * Everything a fault test runs, as in production but on one machine:
 * - a PostgreSQL cluster of the test's own (it may be stopped and crashed) with a fresh database;
 * - the API under test, the bundled server in a process of its own;
 * - the outside services: a second server process on the same database serving only the sandboxes (Daraja,
 *   the card's hosted page, Africa's Talking), so their state outlives a crash of the API, as Safaricom's
 *   would (it runs no jobs). The API reaches Daraja and SMS, and browsers the card page, through fault
 *   proxies a test can make fail; Daraja's callbacks and the card page's server-to-server receipts reach the
 *   API through another.
 * The test talks HTTP to the API as browsers do, with bearer tokens signed by the API's secret.
 */

const jwtSecret = 'faults-test-signing-secret-0123456789abcdef';

export interface World {
  cluster: PrivateCluster;
  databaseUrl: string;
  /** The test's own connection (factories, SQL checks). */
  database: Database;
  api: ServerProcess;
  provider: ServerProcess;
  daraja: FaultProxy;
  sms: FaultProxy;
  /** Between the browser and the card's hosted page. */
  cardPage: FaultProxy;
  /** Between the outside services and the API: Daraja's callbacks and the card page's merchant POST. */
  toApi: FaultProxy;
  /** What the processes and PostgreSQL said last, for a failing test's report. */
  diagnose(): string;
  /** Starts the API process again (after a kill), with the same settings. */
  restartApi(): Promise<void>;
  close(): Promise<void>;
}

export interface WorldOptions {
  /** Extra settings of the API under test. */
  apiEnv?: Record<string, string>;
  /** Extra settings of the sandboxes' process. */
  providerEnv?: Record<string, string>;
}

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const entry = inject('faultsServerEntry');
  const cluster = await startPrivateCluster();
  const cleanups: (() => Promise<void> | void)[] = [() => cluster.destroy()];
  try {
    const databaseUrl = await cluster.createDatabase(`faults_${randomBytes(5).toString('hex')}`);
    const dataDir = mkdtempSync(join(tmpdir(), 'myprosper-faults-data-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const [apiPort, providerPort] = [await freePort(), await freePort()];
    const apiBase = `http://127.0.0.1:${apiPort}`;
    const providerBase = `http://127.0.0.1:${providerPort}`;

    const daraja = await startFaultProxy(providerBase);
    const sms = await startFaultProxy(providerBase);
    const cardPage = await startFaultProxy(providerBase);
    const toApi = await startFaultProxy(apiBase);
    cleanups.push(
      () => daraja.close(),
      () => sms.close(),
      () => cardPage.close(),
      () => toApi.close(),
    );

    const common = {
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      WEB_DIST: join(dataDir, 'no-web'),
      SEED_DEMO: 'false',
      SANDBOX: 'true',
      // The API signs for a card page elsewhere (the sandboxes' process): keys of this test's own, as a
      // real merchant account has.
      CARD_ACCESS_KEY: 'faultsTestAccessKey0123456789',
      CARD_PROFILE_ID: 'FAULTS-TEST-PROFILE',
      CARD_SECRET_KEY: 'faults-test-card-secret-key-0123456789',
    };
    const apiEnv = {
      ...common,
      PORT: String(apiPort),
      PUBLIC_URL: apiBase,
      DATA_DIR: join(dataDir, 'api'),
      // Browsers come through a load balancer: each test user has an address of its own.
      TRUST_PROXY_HOPS: '1',
      // The test's people book far more often than anyone would (each booking holds a slot unpaid).
      RATE_LIMIT_BOOKINGS_PER_HOUR: '100000',
      JOBS_POLL_SECONDS: '0.5',
      // A job's run cut short by a kill is taken for dead after 30 s (not 5 minutes): the tests wait less.
      JOBS_EXPIRE_SECONDS: '30',
      MPESA_BASE_URL: `${daraja.origin}${localDarajaPath}`,
      MPESA_CALLBACK_BASE_URL: toApi.origin,
      AT_BASE_URL: `${sms.origin}${localSandboxPath}`,
      CARD_PAY_URL: `${cardPage.origin}${localCybersourcePath}/pay`,
      ...options.apiEnv,
    };
    const providerEnv = {
      ...common,
      PORT: String(providerPort),
      PUBLIC_URL: providerBase,
      DATA_DIR: join(dataDir, 'provider'),
      JOBS_ENABLED: 'false',
      MPESA_SANDBOX_DELAY_MS: '1000',
      // The Daraja stand-in calls back only to its own addresses: the API's, through its fault proxy.
      MPESA_CALLBACK_BASE_URL: toApi.origin,
      CARD_MERCHANT_POST_URL: `${toApi.origin}/myprosper/api/card/notify`,
      ...options.providerEnv,
    };

    const launchApi = () => startServer({ name: 'API', entry, port: apiPort, env: apiEnv });
    const world: World = {
      cluster,
      databaseUrl,
      database: connectDatabase(databaseUrl, { max: 6 }),
      api: launchApi(),
      provider: startServer({ name: 'sandboxes', entry, port: providerPort, env: providerEnv }),
      daraja,
      sms,
      cardPage,
      toApi,
      diagnose: () =>
        [
          `--- API (pid ${world.api.pid}, exit ${world.api.child.exitCode ?? world.api.child.signalCode ?? 'running'})`,
          world.api.output().slice(-8000),
          '--- sandboxes',
          world.provider.output().slice(-3000),
          '--- PostgreSQL',
          cluster.log(),
        ].join('\n'),
      async restartApi() {
        await world.api.kill();
        world.api = launchApi();
        await world.api.ready();
      },
      async close() {
        await Promise.all([world.api.stop(), world.provider.stop()]);
        await world.database.close();
        for (const cleanup of cleanups.reverse()) await cleanup();
      },
    };
    cleanups.push(
      () => world.api.kill(),
      () => world.provider.kill(),
    );
    await Promise.all([world.api.ready(), world.provider.ready()]);
    return world;
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
    throw error;
  }
}

const tokens = new TokenService(jwtSecret, 720);

/** An address of the user's own, as a load balancer would forward it. */
function addressOf(userId: number): string {
  return `10.${(userId >> 16) & 255}.${(userId >> 8) & 255}.${userId & 255}`;
}

export interface Answer<T = unknown> {
  status: number;
  message: string;
  data: T;
  /** The whole body as text (for failure messages). */
  text: string;
}

/** A call to the API as the browser of `user` makes it (none: a visitor). */
export async function call<T = unknown>(
  base: string,
  user: Pick<UserRow, 'id' | 'role' | 'tokenVersion'> | null,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  timeoutMs = 60_000,
): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (user) {
    const token = await tokens.sign({ userId: user.id, role: user.role, version: user.tokenVersion });
    headers.authorization = `Bearer ${token}`;
    headers['x-forwarded-for'] = addressOf(user.id);
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'manual',
  });
  const text = await response.text();
  let json: { message?: string; data?: T } = {};
  try {
    json = JSON.parse(text);
  } catch {
    json = {};
  }
  return { status: response.status, message: json.message ?? '', data: json.data as T, text };
}

/** A form post, as a browser sends a page's form (the card pages). */
export async function postForm(
  url: string,
  fields: Record<string, string>,
): Promise<{ status: number; text: string; location: string | null }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    signal: AbortSignal.timeout(60_000),
    redirect: 'manual',
  });
  return { status: response.status, text: await response.text(), location: response.headers.get('location') };
}
