import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SignalBus } from './bus-messages.ts';
import { callAttendanceJob } from './calls.jobs.ts';
import { callsRoutes } from './calls.routes.ts';
import { CallsService } from './calls.service.ts';
import { devClockRoutes } from './dev-clock.routes.ts';
import { iceConfigProblem } from './ice-servers.ts';
import type { NoShowService } from './no-show.service.ts';
import { RedisBus, SplitBus } from './redis-bus.ts';
import { RoomService } from './room.service.ts';
import { SfuRooms } from './sfu-rooms.ts';
import { detectBusMode, PostgresBus } from './signal-bus.ts';
import { SignalingHub } from './signaling-hub.ts';

/** PostgreSQL carries signaling (LISTEN/NOTIFY, or polling on PGlite); with REDIS_URL, Redis does. */
async function createBus(app: FastifyInstance): Promise<SignalBus> {
  const postgres = new PostgresBus({
    db: app.db.db,
    pool: app.db.pool,
    log: app.log,
    mode: await detectBusMode(app.db.pool),
  });
  return app.env.REDIS_URL ? new SplitBus(new RedisBus(app.env.REDIS_URL, app.log), postgres) : postgres;
}

/**
 * Video calls: the signaling bus and hub (started when the app is ready, stopped before it closes), the
 * attendance job, and the routes. `noShows` is built in app.ts (the admin's no-show corrections use it too,
 * and its money side is the payments feature's).
 */
export const callsPlugin: FastifyPluginAsyncZod<{ noShows: NoShowService }> = async (app, { noShows }) => {
  const { env } = app;
  const db = app.db.db;
  const bus = await createBus(app);
  const rooms = new RoomService(db, bus, randomBytes(6).toString('hex'));
  const calls = new CallsService(db, env, app.signingSecret, rooms);
  const sfu = SfuRooms.fromEnv(env, app.signingSecret, app.log);
  const hub = new SignalingHub({ calls, rooms, bus, log: app.log, sfu });
  app.metrics.gauge(
    'calls_in_progress',
    'Calls relayed by this instance, and their sockets',
    ['kind'],
    () => [
      { labels: { kind: 'calls' }, value: hub.load.calls },
      { labels: { kind: 'sockets' }, value: hub.load.sockets },
    ],
  );
  app.jobs.define(callAttendanceJob(db, noShows, env.CALL_ATTENDANCE_CRON));

  const iceProblem = iceConfigProblem(env);
  if (iceProblem) app.log.warn(iceProblem);
  app.addHook('onReady', async () => {
    await hub.start();
    app.log.debug(`call signaling over ${bus.name}`);
  });
  app.addHook('preClose', async () => {
    await hub.stop();
    await sfu?.stop();
  });
  await app.register(callsRoutes, { calls, hub });
  if (env.SANDBOX && env.DEV_SESSION_CLOCK) await app.register(devClockRoutes, { db, noShows });
};
