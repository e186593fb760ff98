import { errorEnvelope } from '@myprosper/contract/common';
import {
  groupCoverMessages,
  groupCoverResponse,
  payGroupCoverRequest,
  payGroupCoverResponse,
} from '@myprosper/contract/group-cover';
import { sessionIdParams } from '@myprosper/contract/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import type { GroupCoverService } from './group-cover.service.ts';

const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
};

/** A group's price cover (issue 20, "Groups"), under /myprosper/api. */
export const groupCoverRoutes: FastifyPluginAsyncZod<{ covers: GroupCoverService }> = async (
  app,
  options,
) => {
  const { covers } = options;

  app.get(
    '/groupCover/:id',
    {
      schema: {
        tags: ['payments'],
        summary: "A group session's price at its cut-off: nothing owed, or what its host must add to keep it",
        security: [{ bearer: [] }],
        params: sessionIdParams,
        response: { 200: groupCoverResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await covers.view(request.user!, request.params.id)),
  );

  app.post(
    '/payGroupCover',
    {
      schema: {
        tags: ['payments'],
        summary:
          "The host pays from their wallet what the group's paid attendees leave of the individual price",
        security: [{ bearer: [] }],
        body: payGroupCoverRequest,
        response: { 200: payGroupCoverResponse, ...errors },
      },
      onRequest: app.requireUser,
      preHandler: app.requireVerifiedPhone,
    },
    async (request) =>
      ok(await covers.payFromWallet(request.user!, request.body.sessionId), groupCoverMessages.paid),
  );
};
