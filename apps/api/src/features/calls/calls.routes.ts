import websocket from '@fastify/websocket';
import {
  callMessages,
  callSessionParams,
  callSummaryResponse,
  callTicketResponse,
  startSessionRequest,
  startSessionResponse,
} from '@myprosper/contract/calls';
import { errorEnvelope } from '@myprosper/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import type { CallsService } from './calls.service.ts';
import { verifyTicket } from './join-ticket.ts';
import type { SignalingHub } from './signaling-hub.ts';
import { isAllowedOrigin } from './signaling-origin.ts';

const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  410: errorEnvelope,
  422: errorEnvelope,
};

/**
 * Video calls: POST /myprosper/api/startSession, the join ticket, attendance (and its admin correction)
 * under /myprosper/api; the signaling WebSocket at /myprosper/ws/calls?ticket=...
 */
export const callsRoutes: FastifyPluginAsyncZod<{ calls: CallsService; hub: SignalingHub }> = async (
  app,
  { calls, hub },
) => {
  const { env } = app;
  await app.register(websocket, {
    // A message over 64 KiB (an SDP of a five-person call is a few) is closed by ws with 1009.
    options: { maxPayload: 64 * 1024 },
    errorHandler: (error, socket, request) => {
      // A frame ws refused (too big, malformed): it has already sent its close code; nothing of ours failed.
      if (String((error as { code?: unknown }).code).startsWith('WS_ERR_')) {
        request.log.warn({ err: error }, 'call signaling socket closed: bad frame');
        return;
      }
      request.log.error({ err: error }, 'call signaling socket failed');
      socket.terminate();
    },
  });
  app.decorateRequest('callClaims', null);

  app.get(
    '/myprosper/ws/calls',
    {
      websocket: true,
      schema: {
        tags: ['calls'],
        summary: 'Signaling WebSocket of a call (messages: packages/contract/src/calls.ts)',
        querystring: z.object({ ticket: z.string().min(1).max(512) }),
      },
      // On the upgrade request, before any socket exists: a bad ticket or a refusal is a plain HTTP error.
      preHandler: async (request) => {
        // Another site's page (cross-site WebSocket hijacking) is refused whatever ticket it holds.
        if (!isAllowedOrigin(request.headers.origin, request.headers.host, env.PUBLIC_URL)) {
          throw new AppError('FORBIDDEN', callMessages.otherSite);
        }
        const check = verifyTicket(app.signingSecret, (request.query as { ticket: string }).ticket);
        if (!check.ok) {
          throw new AppError(
            'UNAUTHORIZED',
            check.reason === 'expired' ? callMessages.ticketExpired : callMessages.ticketInvalid,
          );
        }
        await calls.admit(check.claims.userId, check.claims.sessionId);
        request.callClaims = { userId: check.claims.userId, sessionId: check.claims.sessionId };
      },
    },
    (socket, request) => {
      const claims = request.callClaims;
      if (!claims) {
        socket.close(4003, 'not allowed');
        return;
      }
      hub.attach(socket, claims);
    },
  );

  await app.register(callsApiRoutes, { prefix: '/myprosper/api', calls });
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on the signaling upgrade once its ticket and the join rule passed. */
    callClaims: { userId: number; sessionId: number } | null;
  }
}

/** The REST side, under /myprosper/api. */
const callsApiRoutes: FastifyPluginAsyncZod<{ calls: CallsService }> = async (api, { calls }) => {
  api.post(
    '/startSession',
    {
      schema: {
        tags: ['calls'],
        summary: "The mentor starts the session's call (logged); waiting mentees are let in",
        security: [{ bearer: [] }],
        body: startSessionRequest,
        response: { 200: startSessionResponse, ...errors },
      },
      onRequest: api.requireUser,
    },
    async (request) => {
      const result = await calls.start(request.user!, request.body);
      return ok(
        { sessionId: request.body.sessionId, callStatus: result.callStatus },
        result.isNew ? callMessages.sessionStarted : callMessages.alreadyStarted,
      );
    },
  );

  api.post(
    '/calls/:sessionId/ticket',
    {
      schema: {
        tags: ['calls'],
        summary: 'A 60-second ticket for the signaling WebSocket, and the ICE (STUN/TURN) servers',
        security: [{ bearer: [] }],
        params: callSessionParams,
        response: { 200: callTicketResponse, ...errors },
      },
      onRequest: api.requireUser,
      config: {
        rateLimit: {
          max: 60,
          timeWindow: '1 minute',
          keyGenerator: (request) => request.headers.authorization ?? request.ip,
        },
      },
    },
    async (request) => ok(await calls.ticket(request.user!, request.params.sessionId)),
  );

  api.get(
    '/calls/:sessionId',
    {
      schema: {
        tags: ['calls'],
        summary: 'Who came to the call, when, and the no-show decisions (session people and admins)',
        security: [{ bearer: [] }],
        params: callSessionParams,
        response: { 200: callSummaryResponse, ...errors },
      },
      onRequest: api.requireUser,
    },
    async (request) => ok(await calls.summary(request.user!, request.params.sessionId)),
  );
};
