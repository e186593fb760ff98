import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CancellationService } from '../payments/payments.door.ts';
import type { SessionsService } from '../sessions/sessions.door.ts';
import { bookingRoutes } from './booking.routes.ts';
import { BookingService } from './booking.service.ts';
import { holdExpiryJob } from './hold-expiry.job.ts';
import { RescheduleService } from './reschedule.service.ts';

/**
 * Booking, under the prefix it is registered with (/myprosper/api): free hours, booking, rescheduling; the
 * job that frees lapsed holds. `sessions` (the sessions feature's service) and `cancellation` (payments': refunds of a declined move) come from app.ts.
 */
export const bookingPlugin: FastifyPluginAsyncZod<{
  sessions: SessionsService;
  cancellation: CancellationService;
}> = async (app, { sessions, cancellation }) => {
  const db = app.db.db;
  const booking = new BookingService(db, app.env, sessions);
  const reschedule = new RescheduleService(db, app.env, sessions, cancellation);
  app.jobs.define(holdExpiryJob(db, app.env.HOLD_EXPIRY_CRON));
  await app.register(bookingRoutes, { booking, reschedule });
};
