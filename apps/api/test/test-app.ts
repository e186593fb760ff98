import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app.ts';
import { type Env, parseEnv } from '../src/config/env.ts';
import { connectDatabase, type Database } from '../src/db/connection.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  env: Env;
  /** Which database this run uses: the embedded one or a PostgreSQL server. */
  kind: 'embedded' | 'server';
  close(): Promise<void>;
}

/**
 * A fresh, migrated database of its own (a copy of the run's template on a server, or an in-memory PGlite
 * started from the run's migrated data directory) and
 * the whole app built on it, without a port: tests call app.inject.
 */
export async function createTestDatabase(): Promise<{
  database: Database;
  kind: TestContext['kind'];
  url: string;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `myprosper_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = connectDatabase(url.toString(), { max: 20 });
    return {
      database,
      kind: 'server',
      url: url.toString(),
      async drop() {
        await database.close();
        const dropper = new pg.Client({ connectionString: serverUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const embedded = await startEmbeddedPostgres(undefined, {
    loadDataDir: new Blob([readFileSync(inject('embeddedTemplate'))]),
  });
  const database = connectDatabase(embedded.url, { max: 4 });
  return {
    database,
    kind: 'embedded',
    url: embedded.url,
    async drop() {
      await database.close();
      await embedded.stop();
    },
  };
}

/** The signing secret of every app the tests build. */
export const testSigningSecret = 'test-secret-'.padEnd(48, 'x');

/** The settings of an app the tests build: quiet, no web build, the jobs that move money run only when asked. */
export function testEnv(overrides: Partial<Record<string, string>> = {}) {
  return parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: './data/test',
    WEB_DIST: './no-web',
    // The no-show job refunds and ends calls: tests run its work (NoShowService.run) when they mean to.
    CALL_ATTENDANCE_CRON: '0 0 1 1 *',
    // The group cut-off cancels uncovered groups: tests run its work (GroupCoverService.run) when they mean to.
    GROUP_COVER_CRON: '0 0 1 1 *',
    // Expiry closes payments nobody answered: tests run its work (PaymentExpiry.run) when they mean to.
    PAYMENT_EXPIRY_CRON: '0 0 1 1 *',
    ...overrides,
  });
}

export async function createTestApp(
  overrides: Partial<Record<string, string>> = {},
  /**
   * now: the clock tokens are issued and checked by, for tests that move time; logStream: where log lines go,
   * at LOG_LEVEL (give one in overrides: the tests' default is silent), for tests that read them.
   */
  options: Pick<AppOptions, 'now' | 'logStream'> = {},
): Promise<TestContext> {
  const { database, kind, drop } = await createTestDatabase();
  const env = testEnv(overrides);
  const app = await buildApp({
    env,
    database,
    signingSecret: testSigningSecret,
    logger: options.logStream !== undefined,
    ...options,
  });
  await app.ready();
  return {
    app,
    database,
    env,
    kind,
    async close() {
      await app.close();
      await drop();
    },
  };
}
