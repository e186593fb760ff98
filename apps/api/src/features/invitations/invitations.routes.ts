import { errorEnvelope } from '@myprosper/contract/common';
import {
  acceptInvitationRequest,
  acceptInvitationResponse,
  declineInvitationRequest,
  declineInvitationResponse,
  invitationMessages,
  invitationStatusParams,
  invitationStatusResponse,
} from '@myprosper/contract/invitations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitPerAddress, perAccount } from '../../lib/rate-limits.ts';
import { ok } from '../../lib/reply.ts';
import { InvitationsService } from './invitations.service.ts';

/** What accepting or declining an invitation may answer besides 200. */
const answerErrors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  410: errorEnvelope,
  422: errorEnvelope,
  429: errorEnvelope,
};

/** Group session invitations, under /myprosper/api. */
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new InvitationsService(app.db.db, {
    mailer: app.mailer,
    publicUrl: app.env.PUBLIC_URL,
    log: app.log,
  });
  const acceptsPerAddress = limitPerAddress(app, 'accept-invitation', 30);

  app.get(
    '/invitationStatus/:sessionId/:phoneNo',
    {
      schema: {
        tags: ['invitations'],
        summary:
          "A sent invitation link's status: has an account proven the invited phone (base64)? Open to all; 404 until the host paid",
        params: invitationStatusParams,
        response: {
          200: invitationStatusResponse,
          404: errorEnvelope,
          410: errorEnvelope,
          422: errorEnvelope,
        },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => ok(await service.getStatus(request.params.sessionId, request.params.phoneNo)),
  );

  app.post(
    '/acceptInvitation',
    {
      schema: {
        tags: ['invitations'],
        summary:
          'The caller accepts the group session invitation sent to their verified phone (again: same answer)',
        security: [{ bearer: [] }],
        body: acceptInvitationRequest,
        response: { 200: acceptInvitationResponse, ...answerErrors },
      },
      onRequest: [app.requireUser, acceptsPerAddress],
      preHandler: app.requireVerifiedPhone,
      config: perAccount(10),
    },
    async (request) => ok(await service.accept(request.user!, request.body), invitationMessages.accepted),
  );

  app.post(
    '/declineInvitation',
    {
      schema: {
        tags: ['invitations'],
        summary:
          'The caller declines the group session invitation sent to their verified phone; the host is e-mailed (again: same answer)',
        security: [{ bearer: [] }],
        body: declineInvitationRequest,
        response: { 200: declineInvitationResponse, ...answerErrors },
      },
      onRequest: [app.requireUser, acceptsPerAddress],
      preHandler: app.requireVerifiedPhone,
      config: perAccount(10),
    },
    async (request) => ok(await service.decline(request.user!, request.body), invitationMessages.declined),
  );
};
