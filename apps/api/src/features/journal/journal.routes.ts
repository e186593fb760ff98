import { errorEnvelope } from '@myprosper/contract/common';
import {
  actionItemParams,
  actionItemResponse,
  addActionItemRequest,
  journalMessageResponse,
  journalMessages,
  journeyPageResponse,
  journeyQuery,
  menteeJourneyParams,
  saveNotesRequest,
  sessionJournalResponse,
  tickActionItemRequest,
} from '@myprosper/contract/journal';
import { sessionIdParams } from '@myprosper/contract/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../lib/reply.ts';
import { callerOf } from '../profiles/profiles.door.ts';
import type { SessionsService } from '../sessions/sessions.door.ts';
import { JournalService } from './journal.service.ts';

const tags = ['journal'];
const security = [{ bearer: [] }];
const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
};

/**
 * Between sessions (issue 24), under /myprosper/api: a session's notes and action items, a mentee's journey,
 * and a mentor's view of a mentee's journey with them. `sessions` is app.ts's SessionsService (who may read
 * a session).
 */
export const journalRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (app, options) => {
  const service = new JournalService(app.db.db, options.sessions, app.env.TIME_ZONE);

  app.get(
    '/sessions/:id/journal',
    {
      schema: {
        tags,
        security,
        summary:
          "A session's notes and action items, as far as the caller (its mentor or an attendee) reads them",
        params: sessionIdParams,
        response: { 200: sessionJournalResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await service.journal(callerOf(request), request.params.id)),
  );

  app.put(
    '/sessions/:id/notes',
    {
      schema: {
        tags,
        security,
        summary:
          "The caller's notes on a session that started: the mentor's are shared with the attendees, a mentee's are their own",
        params: sessionIdParams,
        body: saveNotesRequest,
        response: { 200: journalMessageResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      await service.saveNotes(callerOf(request), request.params.id, request.body.body);
      return done(journalMessages.notesSaved);
    },
  );

  app.post(
    '/sessions/:id/actionItems',
    {
      schema: {
        tags,
        security,
        summary:
          "The session's mentor gives an attendee (or each attendee) an action item, with an optional due date",
        params: sessionIdParams,
        body: addActionItemRequest,
        response: { 200: actionItemResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) =>
      ok(
        await service.addItem(callerOf(request), request.params.id, request.body),
        journalMessages.itemAdded,
      ),
  );

  app.put(
    '/actionItems/:itemId',
    {
      schema: {
        tags,
        security,
        summary: 'Its mentee ticks an action item done, or not done',
        params: actionItemParams,
        body: tickActionItemRequest,
        response: { 200: actionItemResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const item = await service.tick(callerOf(request), request.params.itemId, request.body.done);
      return ok([item], item.doneAt ? journalMessages.itemDone : journalMessages.itemReopened);
    },
  );

  app.delete(
    '/actionItems/:itemId',
    {
      schema: {
        tags,
        security,
        summary: "The session's mentor removes an action item",
        params: actionItemParams,
        response: { 200: journalMessageResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      await service.removeItem(callerOf(request), request.params.itemId);
      return done(journalMessages.itemRemoved);
    },
  );

  app.get(
    '/journey',
    {
      schema: {
        tags,
        security,
        summary:
          "The caller's journey as a mentee: their sessions that started, newest first, with notes and open items",
        querystring: journeyQuery,
        response: { 200: journeyPageResponse, ...errors },
      },
      onRequest: app.requireRole('ADVISEE'),
    },
    async (request) => ok(await service.myJourney(callerOf(request), request.query)),
  );

  app.get(
    '/journey/mentees/:adviseeId',
    {
      schema: {
        tags,
        security,
        summary:
          "A mentee's journey with the calling mentor: their sessions together, the mentor's notes and open items",
        params: menteeJourneyParams,
        querystring: journeyQuery,
        response: { 200: journeyPageResponse, ...errors },
      },
      onRequest: app.requireRole('ADVISOR'),
    },
    async (request) =>
      ok(await service.menteeJourney(callerOf(request), request.params.adviseeId, request.query)),
  );
};
