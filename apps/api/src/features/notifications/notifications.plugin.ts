import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { notificationsJob, notificationsJobName } from './notifications.job.ts';
import { NotificationsService } from './notifications.service.ts';

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const sessionWritesPrefix = '/myprosper/api/';

/**
 * Session messages: defines the job that sends them (it runs once the app is ready, each NOTIFICATIONS_CRON
 * tick). A write that went through (a booking, a payment or its callback, a reschedule, an acceptance) may
 * owe a message now — the host paid, so the invitations go — so after each one the job is asked to run at
 * once rather than at the next tick: people get their SMS in seconds, not up to a minute later. The run
 * sends only what is owed and each message once, so an ask with nothing owed costs one read. Not
 * encapsulated, so that the hook sees every feature's routes.
 */
const notifications: FastifyPluginAsync = async (app) => {
  const service = new NotificationsService({
    db: app.db.db,
    env: app.env,
    mailer: app.mailer,
    sms: app.sms,
    log: app.log,
  });
  app.jobs.define(notificationsJob(service, app.env.NOTIFICATIONS_CRON));
  app.addHook('onResponse', async (request, reply) => {
    if (!writeMethods.has(request.method) || reply.statusCode >= 400) return;
    // Sessions, payments and their callbacks live under the API prefix; sign-ins and the rest do not.
    if (request.url.startsWith(sessionWritesPrefix)) app.jobs.soon(notificationsJobName);
  });
};

export const notificationsPlugin = fp(notifications, { name: 'notifications', dependencies: ['jobs'] });
