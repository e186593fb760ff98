import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { envSchema, parseEnv } from '../../src/config/env.ts';
import { payments } from '../../src/db/schema/payments.ts';
import { factoryPassword } from '../../src/db/seed/factories.ts';
import { randomIp } from '../../src/features/auth/auth.test-helpers.ts';
import { bearer } from '../../src/features/booking/booking.test-helpers.ts';
import { createTestDatabase } from '../test-app.ts';
import { buildWorld, type World } from './world.ts';

/**
 * Secrets stay on the server: none of the configured ones is in the web app's code, in an answer of the API,
 * or in its logs (read at trace level while logging in, resetting a password, paying by M-PESA and by card,
 * sending an SMS and getting a call's TURN credentials).
 */

/** The settings that are secrets; any setting named like one must be listed here. */
const secretSettings = [
  'JWT_SECRET',
  'CARD_SECRET_KEY',
  'MPESA_CONSUMER_SECRET',
  'MPESA_PASSKEY',
  'MPESA_INITIATOR_PASSWORD',
  'AT_API_KEY',
  'CALL_TURN_SECRET',
  'JANUS_ADMIN_SECRET',
  'JANUS_ROOM_ADMIN_KEY',
  'S3_SECRET_ACCESS_KEY',
  'SMTP_URL',
  'TWO_STEP_KEY',
];
const secretName = /SECRET|PASSKEY|API_KEY|PASSWORD|SMTP_URL/;
const settingNames = Object.keys(envSchema.shape);

const repoRoot = resolve(import.meta.dirname, '../../../..');
const textFile = /\.(tsx?|jsx?|mjs|css|html|json|svg|txt|webmanifest|md)$/;

/** The files the web build is made of (its sources, the shared contract, public files) and the build itself. */
function webBundleFiles(): string[] {
  const roots = ['apps/web/src', 'apps/web/public', 'apps/web/dist', 'packages/contract/src'].map((dir) =>
    join(repoRoot, dir),
  );
  const files = [join(repoRoot, 'apps/web/index.html')];
  for (const root of roots.filter((dir) => existsSync(dir))) {
    for (const name of readdirSync(root, { recursive: true }) as string[]) {
      const path = join(root, name);
      if (!textFile.test(name) || /\.test\.tsx?$/.test(name) || !statSync(path).isFile()) continue;
      files.push(path);
    }
  }
  return files;
}

/** A secret and the forms it travels in (base64 of it, and of an HTTP Basic pair or a Daraja password). */
function formsOf(secret: string, extra: string[] = []): string[] {
  return [secret, Buffer.from(secret).toString('base64'), ...extra].filter((form) => form.length >= 8);
}

describe('configured secrets never leave the server', () => {
  it('lists every setting named like a secret', () => {
    expect(settingNames.filter((name) => secretName.test(name) && !secretSettings.includes(name))).toEqual(
      [],
    );
  });

  it('are not in the web app: its sources, the contract it bundles, its public files, its build', () => {
    // The values a deployment starts from: the defaults, .env.example's, and this environment's.
    const defaults = parseEnv({}) as Record<string, unknown>;
    const values = new Set<string>();
    for (const name of secretSettings.filter((n) => settingNames.includes(n))) {
      for (const value of [defaults[name], process.env[name]])
        if (typeof value === 'string') values.add(value);
    }
    for (const envFile of ['.env.example', '.env']
      .map((f) => join(repoRoot, f))
      .filter((f) => existsSync(f))) {
      for (const [, name = '', value = ''] of readFileSync(envFile, 'utf8').matchAll(
        /^\s*([A-Z0-9_]+)=(\S+)/gm,
      )) {
        if (secretSettings.includes(name)) values.add(value);
      }
    }
    expect(values.size).toBeGreaterThanOrEqual(3);
    const files = webBundleFiles();
    expect(files.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const value of values) {
        for (const form of formsOf(value))
          if (text.includes(form)) found.push(`${file}: ${form.slice(0, 6)}…`);
      }
    }
    expect(found).toEqual([]);
  });

  describe('in answers and logs', () => {
    const configured = {
      CARD_SECRET_KEY: 'hardening-card-secret-9c1e7a4b',
      MPESA_CONSUMER_KEY: 'hardening-consumer-key',
      MPESA_CONSUMER_SECRET: 'hardening-consumer-secret-4d2f8e',
      MPESA_PASSKEY: 'hardening-passkey-b8e37f0c1d2a9e6b5c4d3e2f1a0b9c8d',
      // A key for Africa's Talking at an address nothing answers: the failure is logged.
      AT_API_KEY: 'hardening-at-api-key-5a6b7c',
      AT_BASE_URL: 'http://127.0.0.1:9',
      CALL_TURN_SECRET: 'hardening-turn-secret-3c4d5e6f',
      CALL_TURN_URLS: 'turn:turn.example.com:3478',
      // Janus at an address nothing answers: group calls fall back to the mesh, and say so in the log.
      JANUS_URL: 'ws://127.0.0.1:9',
      JANUS_ADMIN_URL: 'ws://127.0.0.1:9',
      JANUS_ADMIN_SECRET: 'hardening-janus-admin-secret-7d8e9f',
      JANUS_ROOM_ADMIN_KEY: 'hardening-janus-room-key-1a2b3c',
      TWO_STEP_KEY: '5ec7e75ec7e75ec7e75ec7e75ec7e75ec7e75ec7e75ec7e75ec7e75ec7e7a1b2',
    };
    const signingSecret = 'hardening-jwt-signing-secret-0123456789abcdefghij';
    const lines: string[] = [];
    const answers: string[] = [];
    let app: FastifyInstance;
    let drop: () => Promise<void>;
    let world: World;
    let closed = false;

    async function call(options: InjectOptions) {
      const res = await app.inject({ remoteAddress: randomIp(), ...options });
      answers.push(JSON.stringify(res.headers), res.body);
      return res;
    }

    beforeAll(async () => {
      const database = await createTestDatabase();
      drop = database.drop;
      const env = parseEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'trace',
        DATA_DIR: './data/test',
        WEB_DIST: './no-web',
        JOBS_ENABLED: 'false',
        MPESA_SANDBOX_DELAY_MS: '0',
        ...configured,
      });
      app = await buildApp({
        env,
        database: database.database,
        signingSecret,
        logStream: { write: (line) => void lines.push(line) },
      });
      await app.ready();
      world = await buildWorld({
        app,
        database: database.database,
        env,
        kind: database.kind,
        close: async () => {},
      });
    }, 240_000);
    afterAll(async () => {
      if (!closed) await app?.close();
      await drop?.();
    });

    it('keeps them out of every answer and every log line', async () => {
      const { advisee } = world;
      const auth = await bearer(app, advisee);
      const signIn = await call({
        method: 'POST',
        url: '/myprosper/auth/authenticate',
        payload: { username: advisee.email, password: factoryPassword },
      });
      expect(signIn.statusCode).toBe(200);
      await call({
        method: 'POST',
        url: '/myprosper/auth/authenticate',
        payload: { username: advisee.email, password: 'Wrong#1x' },
      });
      await call({
        method: 'POST',
        url: '/myprosper/auth/validateToken',
        payload: { token: signIn.json().jwttoken },
      });
      await call({
        method: 'POST',
        url: '/myprosper/auth/forgotPassword',
        payload: { email: advisee.email },
      });
      const card = await call({
        method: 'POST',
        url: '/myprosper/api/generateCardHttpSignature',
        headers: { ...auth, host: 'localhost:3000' },
        payload: { purpose: 'VOUCHER', id: world.voucherReference },
      });
      expect(card.statusCode, card.body).toBe(200);
      const ticket = await call({
        method: 'POST',
        url: `/myprosper/api/calls/${world.sessions.startingNow}/ticket`,
        headers: auth,
      });
      expect(ticket.statusCode, ticket.body).toBe(200);
      expect(JSON.stringify(ticket.json().data.iceServers)).toContain('turn:turn.example.com:3478');
      await call({ method: 'GET', url: `/myprosper/ws/calls?ticket=${ticket.json().data.ticket}` });
      // Nothing answers at AT_BASE_URL: the failure says so, without the key.
      const sms = await app.sms
        .send({ to: advisee.phoneNumber!, text: 'Hello' })
        .catch((error: Error) => error);
      expect(sms).toBeInstanceOf(Error);
      expect(String(sms)).not.toContain(configured.AT_API_KEY);
      // The world's M-PESA push (its OAuth and STK request were logged) and a callback to its token.
      const [payment] = await app.db.db
        .select()
        .from(payments)
        .where(eq(payments.sessionId, world.sessions.unpaid));
      const callbackToken = payment!.callbackToken;
      await call({
        method: 'POST',
        url: `/myprosper/api/mpesa/callback/${callbackToken}`,
        payload: { Body: {} },
      });
      await app.close();
      closed = true;

      const shortCode = parseEnv({}).MPESA_SHORTCODE;
      const secrets = [
        ...formsOf(signingSecret),
        ...formsOf(configured.CARD_SECRET_KEY),
        ...formsOf(configured.MPESA_CONSUMER_SECRET, [
          Buffer.from(`${configured.MPESA_CONSUMER_KEY}:${configured.MPESA_CONSUMER_SECRET}`).toString(
            'base64',
          ),
        ]),
        // Daraja's password is base64(short code + pass key + time): its start gives the pass key away.
        ...formsOf(configured.MPESA_PASSKEY, [
          Buffer.from(`${shortCode}${configured.MPESA_PASSKEY.slice(0, 30)}`).toString('base64'),
        ]),
        ...formsOf(configured.AT_API_KEY),
        ...formsOf(configured.CALL_TURN_SECRET),
        ...formsOf(configured.JANUS_ADMIN_SECRET),
        ...formsOf(configured.JANUS_ROOM_ADMIN_KEY),
        // Not configured, but credentials all the same: the payer never sees it, and it is never logged.
        callbackToken,
      ];
      // The join ticket is the caller's own to use, and so in an answer; but never in a log.
      const logOnly = [ticket.json().data.ticket as string];
      expect(lines.length).toBeGreaterThan(20);
      const logged = lines.join('');
      // The callback and the socket were logged, with their credentials cut out.
      expect(logged).toContain('/myprosper/api/mpesa/callback/[redacted]');
      expect(logged).toContain('/myprosper/ws/calls?ticket=[redacted]');
      const leaks = [
        ...[...secrets, ...logOnly]
          .filter((secret) => logged.includes(secret))
          .map((s) => `log: ${s.slice(0, 8)}…`),
        ...secrets
          .filter((secret) => answers.some((a) => a.includes(secret)))
          .map((s) => `answer: ${s.slice(0, 8)}…`),
      ];
      expect(leaks).toEqual([]);
    });
  });
});
