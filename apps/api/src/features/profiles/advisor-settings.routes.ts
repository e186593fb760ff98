import {
  type AvailabilityChange,
  addAdvisorTimeSlotRequest,
  addAdvisorTimeSlotResponse,
  advisorSettingsMessages,
  advisorTimeSlotsResponse,
  blockDatesRequest,
  blockedDateParams,
  blockedDatesResponse,
  updateAdvisorTopicsRequest,
} from '@myprosper/contract/advisor-settings';
import { errorEnvelope, idParam, messageOnly } from '@myprosper/contract/common';
import { messages } from '@myprosper/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../lib/reply.ts';
import { AdvisorSettingsService, type CancelAsMentor } from './advisor-settings.service.ts';
import { callerOf } from './caller.ts';

const tags = ['advisor settings'];
const security = [{ bearer: [] }];
const errors = { 401: errorEnvelope, 403: errorEnvelope, 422: errorEnvelope };

/** What a save of hours or dates says: booked sessions to decide on, or what became of them. */
function messageOf(change: AvailabilityChange, savedMessage: string): string {
  if (!change.saved) return advisorSettingsMessages.bookedSessionsFound;
  if (change.cancelledSessionIds.length > 0) {
    return `${savedMessage}. ${advisorSettingsMessages.sessionsCancelledToo(change.cancelledSessionIds.length)}`;
  }
  return change.bookedSessions.length > 0 ? advisorSettingsMessages.bookedHoursKept : savedMessage;
}

/** The mentor's availability and topics editor and blocked dates, under /myprosper/api. */
export const advisorSettingsRoutes: FastifyPluginAsyncZod<{ cancelAsMentor: CancelAsMentor }> = async (
  app,
  { cancelAsMentor },
) => {
  const service = new AdvisorSettingsService(app.db.db, app.env.TIME_ZONE, cancelAsMentor);
  const advisorOnly = app.requireRole('ADVISOR');

  app.get(
    '/getAdvisorTimeSlots/:advisorId',
    {
      schema: {
        tags,
        security,
        summary: "A mentor's weekly hours, Monday to Sunday (their own; admins may read any)",
        params: z.object({ advisorId: idParam }),
        response: { 200: advisorTimeSlotsResponse, ...errors },
      },
      onRequest: app.requireRole('ADVISOR', 'ADMIN'),
    },
    async (request) => ok(await service.getTimeSlots(callerOf(request), request.params.advisorId)),
  );

  app.post(
    '/addAdvisorTimeSlot',
    {
      schema: {
        tags,
        security,
        summary:
          'Replace the weekly hours (15 hourly slots a day, 06:00-22:00 without 12:00-13:00); hours holding booked sessions need bookedSessions: CANCEL or KEEP',
        body: addAdvisorTimeSlotRequest,
        response: { 200: addAdvisorTimeSlotResponse, ...errors },
      },
      onRequest: advisorOnly,
    },
    async (request) => {
      const change = await service.replaceTimeSlots(callerOf(request), request.body);
      return ok(change, messageOf(change, messages.timeSlotsUpdated));
    },
  );

  app.post(
    '/updateAdvisorTopics',
    {
      schema: {
        tags,
        security,
        summary: "Replace the mentor's topics (one to five, unique)",
        body: updateAdvisorTopicsRequest,
        response: { 200: messageOnly, ...errors },
      },
      onRequest: advisorOnly,
    },
    async (request) => {
      await service.replaceTopics(callerOf(request), request.body);
      return done(messages.topicsUpdated);
    },
  );

  app.get(
    '/advisorBlockedDates',
    {
      schema: {
        tags,
        security,
        summary: "The mentor's blocked dates from today on",
        response: { 200: blockedDatesResponse, ...errors },
      },
      onRequest: advisorOnly,
    },
    async (request) => ok({ dates: await service.listBlockedDates(callerOf(request)) }),
  );

  app.post(
    '/advisorBlockedDates',
    {
      schema: {
        tags,
        security,
        summary:
          'Block whole dates (yyyy-MM-dd, today to a year ahead): no session can be booked on them; dates holding booked sessions need bookedSessions: CANCEL or KEEP',
        body: blockDatesRequest,
        response: { 200: blockedDatesResponse, ...errors },
      },
      onRequest: advisorOnly,
    },
    async (request) => {
      const { dates, change } = await service.blockDates(
        callerOf(request),
        request.body.dates,
        request.body.bookedSessions,
      );
      return ok({ dates, change }, messageOf(change, advisorSettingsMessages.datesBlocked));
    },
  );

  app.delete(
    '/advisorBlockedDates/:date',
    {
      schema: {
        tags,
        security,
        summary: 'Unblock a date',
        params: blockedDateParams,
        response: { 200: blockedDatesResponse, ...errors },
      },
      onRequest: advisorOnly,
    },
    async (request) =>
      ok(
        { dates: await service.unblockDate(callerOf(request), request.params.date) },
        advisorSettingsMessages.dateUnblocked,
      ),
  );
};
