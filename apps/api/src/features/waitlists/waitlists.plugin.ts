import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { waitlistsJob, waitlistsJobName } from './waitlists.job.ts';
import { waitlistsRoutes } from './waitlists.routes.ts';
import { WaitlistsService } from './waitlists.service.ts';

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const apiPrefix = '/myprosper/api';

/**
 * Waitlists (issue 24): the routes under /myprosper/api and the job that passes holds each HOLD_EXPIRY_CRON
 * tick. A write that went through may have freed an hour (a cancellation, a move, a mentor's new hours, a
 * leave), so after each one the job is asked to run at once: the first waiting person hears within seconds,
 * not at the next tick. A run with nothing to pass costs a read. Not encapsulated, so that the hook sees every
 * feature's routes.
 */
const waitlists: FastifyPluginAsync = async (app) => {
  const service = new WaitlistsService(app.db.db, app.env, {
    mailer: app.mailer,
    sms: () => (app.hasDecorator('sms') ? app.sms : null),
    log: app.log,
  });
  app.jobs.define(waitlistsJob(service, app.env.HOLD_EXPIRY_CRON));
  const passSoon = () => app.jobs.soon(waitlistsJobName);
  await app.register(waitlistsRoutes, { prefix: apiPrefix, waitlists: service });
  app.addHook('onResponse', async (request, reply) => {
    if (!writeMethods.has(request.method) || reply.statusCode >= 400) return;
    if (request.url.startsWith(`${apiPrefix}/`)) passSoon();
  });
};

export const waitlistsPlugin = fp(waitlists, { name: 'waitlists', dependencies: ['jobs'] });
