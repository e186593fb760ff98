import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/connection.ts';
import { outboxMessages } from '../src/db/schema/messaging.ts';
import { sessionNotifications } from '../src/db/schema/notifications.ts';
import { sessions } from '../src/db/schema/sessions.ts';
import {
  createAdmin,
  createAdvisee,
  createAdvisor,
  createTopic,
  setPricing,
  type UserRow,
} from '../src/db/seed/factories.ts';
import { TokenService } from '../src/features/auth/token.service.ts';
import { everyDay } from '../src/features/booking/booking.test-helpers.ts';
import { minute, sessionAt, TestPeer } from '../src/features/calls/calls.test-helpers.ts';
import { catalogueVersionMaxAgeMs } from '../src/features/catalogue/response-cache.ts';
import { notificationsJobName } from '../src/features/notifications/notifications.job.ts';
import { createTestDatabase } from './test-app.ts';

/**
 * Several API processes on one PostgreSQL server (`npm run start:cluster`, or N processes behind a load
 * balancer). Real processes, started as the server starts: bookings of one slot race across them, a job's
 * work is done once, and call signaling crosses from one to the other. The embedded database serves one
 * process only: there the launcher refuses to start, saying why.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const launcher = join(root, 'scripts/start-cluster.mjs');
const serverSource = join(root, 'apps/api/src/server.ts');
const jwtSecret = 'cluster-test-signing-secret-0123456789abcdef';
const tokens = new TokenService(jwtSecret, 60);

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Process {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

function run(args: string[], env: Record<string, string | undefined>, cwd = root): Process {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const child = spawn(process.execPath, args, { cwd, env: merged, stdio: 'pipe' });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output, exited };
}

async function waitReady(base: string, process: Process): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (process.child.exitCode !== null) throw new Error(`the server ended: ${process.output.join('')}`);
    if (Date.now() > deadline) throw new Error(`the server did not get ready: ${process.output.join('')}`);
    try {
      const response = await fetch(`${base}/readyz`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

async function stop(process: Process): Promise<number | null> {
  if (process.child.exitCode === null) process.child.kill('SIGTERM');
  return process.exited;
}

async function bearerOf(user: Pick<UserRow, 'id' | 'role' | 'tokenVersion'>) {
  const token = await tokens.sign({ userId: user.id, role: user.role, version: user.tokenVersion });
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

const serverUrl = process.env.TEST_DATABASE_URL;

// Each database leg runs the part that applies to it (nothing is skipped on either).
if (!serverUrl) {
  describe('several instances on the embedded database', () => {
    it('are refused by the launcher, which says a PostgreSQL server is needed and starts nothing', async () => {
      const cwd = await mkdtemp(join(tmpdir(), 'myprosper-cluster-'));
      try {
        const launched = run([launcher], { DATABASE_URL: undefined, INSTANCES: '2' }, cwd);
        expect(await launched.exited).toBe(1);
        const said = launched.output.join('');
        expect(said).toContain('set DATABASE_URL');
        expect(said).toContain(
          'The embedded database (PGlite, used when DATABASE_URL is unset) serves one process only',
        );
        expect(said).not.toContain('listening');
      } finally {
        await rm(cwd, { recursive: true, force: true });
      }
    });
  });
} else {
  describe('several API processes on one PostgreSQL server', () => {
    let database: Database;
    let url: string;
    let drop: () => Promise<void>;
    let dataDir: string;
    const servers: { process: Process; base: string }[] = [];

    const envOf = (port: number): Record<string, string> => ({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: url,
      JWT_SECRET: jwtSecret,
      DATA_DIR: dataDir,
      UPLOADS_DIR: join(dataDir, 'uploads'),
      WEB_DIST: './no-web',
      SEED_DEMO: 'false',
      JOBS_POLL_SECONDS: '0.5',
      CALL_ATTENDANCE_CRON: '0 0 1 1 *',
      // Long enough for the test balancer (below), which asks /readyz every 100 ms, to move away.
      SHUTDOWN_DRAIN_MS: '1500',
    });

    beforeAll(async () => {
      const test = await createTestDatabase();
      database = test.database;
      url = test.url;
      drop = test.drop;
      dataDir = await mkdtemp(join(tmpdir(), 'myprosper-cluster-'));
      const ports = [await freePort(), await freePort()];
      for (const port of ports) {
        servers.push({
          process: run(['--import', 'tsx', serverSource], envOf(port)),
          base: `http://127.0.0.1:${port}`,
        });
      }
      await Promise.all(servers.map((server) => waitReady(server.base, server.process)));
    }, 120_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => stop(server.process)));
      await drop?.();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('books one slot once when people race for it through both processes', async () => {
      const db = database.db;
      await setPricing(db, { priceType: 'INDIVIDUAL', baseSessionPrice: 2500, vatTax: 16 });
      const topic = await createTopic(db);
      const mentor = await createAdvisor(db, { topicIds: [topic.id], availability: everyDay });
      const advisees = await Promise.all(Array.from({ length: 8 }, () => createAdvisee(db)));
      const availability = await fetch(
        `${servers[0]!.base}/myprosper/api/getAdvisorAvailability/${mentor.id}`,
      );
      const slot = (
        (await availability.json()) as { data: { bookableSlots: { date: string; time: string }[] } }
      ).data.bookableSlots[2]!;

      const answers = await Promise.all(
        advisees.map(async (advisee, n) => {
          const response = await fetch(`${servers[n % 2]!.base}/myprosper/api/bookSession`, {
            method: 'POST',
            headers: await bearerOf(advisee),
            body: JSON.stringify({
              topicId: topic.id,
              selectedDate: slot.date,
              selectedTime: slot.time,
              sessionType: 'INDIVIDUAL',
              advisorId: mentor.id,
              paymentMode: 'MPESA',
            }),
          });
          return { status: response.status, body: (await response.json()) as { message: string } };
        }),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      expect(answers.find((a) => a.status === 409)?.body.message).toBe(
        'This slot has just been taken. Please choose another.',
      );
      const held = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.advisorId, mentor.id), eq(sessions.status, 'PENDING_PAYMENT')));
      expect(held).toHaveLength(1);
    });

    it('shows an admin edit made through one process to visitors of the other within the version window', async () => {
      const admin = await createAdmin(database.db);
      const questionsOn = async (base: string) => {
        const response = await fetch(`${base}/myprosper/api/getFAQsByUserType/ADVISEE`);
        const body = (await response.json()) as { data: { question: string }[] };
        return body.data.map((faq) => faq.question);
      };
      // The second process has the list in memory.
      await questionsOn(servers[1]!.base);
      expect(await questionsOn(servers[1]!.base)).not.toContain('Fresh across processes?');

      const added = await fetch(`${servers[0]!.base}/myprosper/api/admin/faqs`, {
        method: 'POST',
        headers: await bearerOf(admin),
        body: JSON.stringify({ userType: 'ADVISEE', question: 'Fresh across processes?', answer: 'Yes.' }),
      });
      expect(added.status).toBe(200);
      expect(await questionsOn(servers[0]!.base)).toContain('Fresh across processes?');
      // The other process checks the catalogue's version again once its last check is this old.
      await new Promise((wait) => setTimeout(wait, catalogueVersionMaxAgeMs + 5));
      expect(await questionsOn(servers[1]!.base)).toContain('Fresh across processes?');
    });

    it("does a job's work once when both processes are given its tick", async () => {
      const { host, session } = await sessionAt(database.db, new Date(Date.now() + 3 * 24 * 60 * minute));
      // Both processes scheduled the job at start; the schedule is kept once.
      const schedules = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pgboss.schedule where name = ${notificationsJobName}`,
      );
      expect(schedules.rows[0]?.n).toBe(1);

      // The same tick delivered twice at once, as two schedulers without coordination would.
      const boss = new PgBoss({ connectionString: url, supervise: false, schedule: false, migrate: false });
      await boss.start();
      try {
        const ids = await Promise.all([
          boss.send(notificationsJobName, {}),
          boss.send(notificationsJobName, {}),
        ]);
        const deadline = Date.now() + 30_000;
        for (;;) {
          const jobs = await Promise.all(ids.map((id) => boss.getJobById(notificationsJobName, id!)));
          if (jobs.every((job) => job?.state === 'completed')) break;
          if (Date.now() > deadline)
            throw new Error(`jobs not done: ${JSON.stringify(jobs.map((j) => j?.state))}`);
          await new Promise((wait) => setTimeout(wait, 200));
        }
      } finally {
        await boss.stop({ graceful: false });
      }

      const mails = await database.db
        .select({ subject: outboxMessages.subject })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.recipient, host.email), eq(outboxMessages.channel, 'EMAIL')));
      expect(mails).toHaveLength(1);
      const confirmations = await database.db
        .select({ person: sessionNotifications.person, channel: sessionNotifications.channel })
        .from(sessionNotifications)
        .where(
          and(eq(sessionNotifications.sessionId, session.id), eq(sessionNotifications.kind, 'CONFIRMATION')),
        );
      expect(confirmations.length).toBeGreaterThanOrEqual(2);
      expect(new Set(confirmations.map((row) => `${row.person}/${row.channel}`)).size).toBe(
        confirmations.length,
      );
    });

    it('carries call signaling from a page on one process to a page on the other', async () => {
      const { mentor, host, session } = await sessionAt(database.db, new Date(Date.now() + 5 * minute));
      const ticket = async (user: UserRow, base: string) => {
        const response = await fetch(`${base}/myprosper/api/calls/${session.id}/ticket`, {
          method: 'POST',
          headers: { authorization: (await bearerOf(user)).authorization },
        });
        expect(response.status).toBe(200);
        return ((await response.json()) as { data: { ticket: string } }).data.ticket;
      };
      const wsOf = (base: string) => `${base.replace('http', 'ws')}/myprosper/ws/calls`;
      const mentorPage = await TestPeer.join(wsOf(servers[0]!.base), await ticket(mentor, servers[0]!.base));
      const hostPage = await TestPeer.join(wsOf(servers[1]!.base), await ticket(host, servers[1]!.base));
      try {
        const both = (ids: string[]) => ids.includes(mentorPage.id) && ids.includes(hostPage.id);
        await mentorPage.peer.rosterWhere(both);
        await hostPage.peer.rosterWhere(both);
        const offer = { description: { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' } };
        mentorPage.peer.send({ type: 'signal', to: hostPage.id, seq: 1, data: offer });
        expect(await hostPage.peer.next('signal')).toEqual({
          type: 'signal',
          from: mentorPage.id,
          seq: 1,
          data: offer,
        });
        const answer = {
          description: { type: 'answer' as const, sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\n' },
        };
        hostPage.peer.send({ type: 'signal', to: mentorPage.id, seq: 1, data: answer });
        expect((await mentorPage.peer.next('signal')).data).toEqual(answer);
      } finally {
        mentorPage.peer.close();
        hostPage.peer.close();
      }
    });

    it('loses no request in a rolling restart under load: one process is stopped with SIGTERM and started again', async () => {
      // The load balancer's part, as any balancer does it: it sends each request to a backend whose /readyz
      // last said 200, asking every 100 ms. A request that fails is lost: nothing retries it.
      const ready = new Map(servers.map((server) => [server.base, true]));
      let polling = true;
      const poller = (async () => {
        while (polling) {
          await Promise.all(
            servers.map(async (server) => {
              const answer = await fetch(`${server.base}/readyz`).catch(() => null);
              ready.set(server.base, answer?.status === 200);
            }),
          );
          await new Promise((wait) => setTimeout(wait, 100));
        }
      })();
      let turn = 0;
      const answers: { base: string; status: number | string }[] = [];
      let loading = true;
      const load = Array.from({ length: 4 }, async () => {
        while (loading) {
          const backends = servers.map((server) => server.base).filter((base) => ready.get(base));
          const base = backends[turn++ % backends.length]!;
          const status = await fetch(`${base}/myprosper/api/getLiveTopics`, {
            headers: { connection: 'close' },
          }).then(
            (answer) => answer.status,
            (error: Error) => error.message,
          );
          answers.push({ base, status });
        }
      });
      try {
        await new Promise((wait) => setTimeout(wait, 500));
        const stopped = servers[1]!;
        stopped.process.child.kill('SIGTERM');
        // Not ready at once, while it still answers.
        const deadline = Date.now() + 1000;
        let readyz = 0;
        while (Date.now() < deadline) {
          readyz = (await fetch(`${stopped.base}/readyz`)).status;
          if (readyz === 503) break;
        }
        expect(readyz).toBe(503);
        expect(await stopped.process.exited).toBe(0);
        // Started again on the same port, and back in the balancer's list.
        const port = Number(new URL(stopped.base).port);
        stopped.process = run(['--import', 'tsx', serverSource], envOf(port));
        await waitReady(stopped.base, stopped.process);
        while (!ready.get(stopped.base)) await new Promise((wait) => setTimeout(wait, 50));
        const restartedAt = answers.length;
        while (answers.slice(restartedAt).every((answer) => answer.base !== stopped.base)) {
          await new Promise((wait) => setTimeout(wait, 50));
        }
      } finally {
        loading = false;
        await Promise.all(load);
        polling = false;
        await poller;
      }
      expect(answers.length).toBeGreaterThan(20);
      expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    }, 120_000);

    it('starts N processes on one port with npm run start:cluster, and stops them all on SIGTERM', async () => {
      const port = await freePort();
      const cluster = run([launcher], {
        ...envOf(port),
        INSTANCES: '2',
        CLUSTER_WORKER: serverSource,
      });
      try {
        const deadline = Date.now() + 90_000;
        while ((cluster.output.join('').match(/worker \d+ listening/g) ?? []).length < 2) {
          if (cluster.child.exitCode !== null || Date.now() > deadline) {
            throw new Error(`the cluster did not start: ${cluster.output.join('')}`);
          }
          await new Promise((wait) => setTimeout(wait, 100));
        }
        const pids = new Set(cluster.output.join('').match(/worker (\d+) listening/g));
        expect(pids.size).toBe(2);
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
        expect(ready.status).toBe(200);
      } finally {
        expect(await stop(cluster)).toBe(0);
      }
    }, 120_000);
  });
}
