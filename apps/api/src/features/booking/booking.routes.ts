import { bookingMessages, bookSessionRequest, bookSessionResponse } from '@myprosper/contract/booking';
import { envelope, errorEnvelope, idParam } from '@myprosper/contract/common';
import { policyLines, sessionRulesAnswer } from '@myprosper/contract/rules';
import {
  answerRescheduleRequest,
  answerRescheduleResponse,
  rescheduleRequest,
  rescheduleResponse,
  sessionMessages,
} from '@myprosper/contract/sessions';
import { advisorAvailability } from '@myprosper/contract/slots';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitPerAccount, limitPerAddress } from '../../lib/rate-limits.ts';
import { ok } from '../../lib/reply.ts';
import { sessionRulesOf } from '../../lib/session-rules.ts';
import type { BookingService } from './booking.service.ts';
import type { RescheduleService } from './reschedule.service.ts';

const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
  503: errorEnvelope,
};

/** One client address may book this many times what one account may (people behind one shared address). */
const bookingsPerAddressFactor = 10;

/** Free hours, booking and rescheduling, under /myprosper/api. */
export const bookingRoutes: FastifyPluginAsyncZod<{
  booking: BookingService;
  reschedule: RescheduleService;
}> = async (app, { booking, reschedule }) => {
  // Each booking holds a slot unpaid for BOOKING_HOLD_MINUTES: per account (whichever token) and per address,
  // so nobody can hold a mentor's week without paying.
  const bookingsPerHour = app.env.RATE_LIMIT_BOOKINGS_PER_HOUR;
  const bookingsPerAccount = limitPerAccount(
    app,
    'book-account',
    bookingsPerHour,
    '1 hour',
    bookingMessages.tooManyBookings,
  );
  const bookingsPerAddress = limitPerAddress(
    app,
    'book-address',
    bookingsPerHour * bookingsPerAddressFactor,
    '1 hour',
    bookingMessages.tooManyBookings,
  );

  app.get(
    '/getAdvisorAvailability/:advisorId',
    {
      schema: {
        tags: ['booking'],
        summary:
          "A mentor's bookable hours over the booking horizon (platform time zone); an hour held for someone on the mentor's waitlist is offered to them only",
        params: z.object({ advisorId: idParam }),
        response: { 200: envelope(advisorAvailability), 404: errorEnvelope, 422: errorEnvelope },
      },
      onRequest: app.optionalUser,
    },
    async (request) => ok(await booking.getAvailability(request.params.advisorId, request.user?.id ?? null)),
  );

  // The rules in force and the policy in words, as the booking statement and the voucher page show them
  // before anyone pays: the same numbers the server enforces. Public, small, and the same for everyone.
  const rules = sessionRulesOf(app.env);
  const sessionRules = { rules, policy: policyLines(rules) };
  app.get(
    '/sessionRules',
    {
      schema: {
        tags: ['booking'],
        summary: 'The session rules in force and the policy people read before they pay',
        response: { 200: sessionRulesAnswer },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return ok(sessionRules);
    },
  );

  app.post(
    '/bookSession',
    {
      schema: {
        tags: ['booking'],
        summary: 'Book an hour (unpaid, held for a while); the message is the reference number',
        security: [{ bearer: [] }],
        body: bookSessionRequest,
        response: { 200: bookSessionResponse, ...errors, 429: errorEnvelope },
      },
      onRequest: [app.requireUser, bookingsPerAccount, bookingsPerAddress],
      preHandler: app.requireVerifiedPhone,
    },
    async (request) => {
      const session = await booking.book(request.user!, request.body);
      return ok(session, session.reference);
    },
  );

  // Moves, made or proposed, per person over all their sessions (issue 20): each one texts the others.
  const reschedulesPerAccount = limitPerAccount(
    app,
    'reschedule-account',
    sessionRulesOf(app.env).reschedulesPerPersonPerHour,
    '1 hour',
    sessionMessages.tooManyRescheduleRequests,
  );

  app.post(
    '/rescheduleSession',
    {
      schema: {
        tags: ['booking'],
        summary:
          'Move a session to another free hour of its mentor (host or mentor); a move into or out of the full-refund window waits for the paid mentees',
        security: [{ bearer: [] }],
        body: rescheduleRequest,
        response: { 200: rescheduleResponse, ...errors, 429: errorEnvelope },
      },
      onRequest: [app.requireUser, reschedulesPerAccount],
      preHandler: app.requireVerifiedPhone,
    },
    async (request) => {
      const { session, proposed } = await reschedule.reschedule(request.user!, request.body);
      return ok(session, proposed ? sessionMessages.rescheduleProposed : sessionMessages.rescheduled);
    },
  );

  app.post(
    '/answerReschedule',
    {
      schema: {
        tags: ['booking'],
        summary:
          'Accept or decline a proposed move of a session (a mentee who paid); declining refunds in full',
        security: [{ bearer: [] }],
        body: answerRescheduleRequest,
        response: { 200: answerRescheduleResponse, ...errors },
      },
      onRequest: app.requireUser,
      preHandler: app.requireVerifiedPhone,
    },
    async (request) => {
      const { session, message } = await reschedule.answer(request.user!, request.body);
      return ok(session, message);
    },
  );
};
