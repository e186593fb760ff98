import type { FastifyPluginAsync } from 'fastify';
import { notificationsJob } from './notifications.job.ts';
import { NotificationsService } from './notifications.service.ts';

/** Session messages: defines the job that sends them (it runs once the app is ready). */
export const notificationsPlugin: FastifyPluginAsync = async (app) => {
  const service = new NotificationsService({
    db: app.db.db,
    env: app.env,
    mailer: app.mailer,
    sms: app.sms,
    log: app.log,
  });
  app.jobs.define(notificationsJob(service, app.env.NOTIFICATIONS_CRON));
};
