import { errorEnvelope } from '@myprosper/contract/common';
import {
  adminDisputeParams,
  adminDisputesResponse,
  adminPayoutRunResponse,
  adminPayoutRunsResponse,
  decideDisputeRequest,
  decideDisputeResponse,
  disputeParams,
  disputeRequest,
  disputeStateResponse,
  mentorEarningsResponse,
  payoutMessages,
  payoutRunRequest,
} from '@myprosper/contract/payouts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import type { DisputesService } from './disputes.service.ts';
import type { PayoutsService } from './payouts.service.ts';

const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
};
const security = [{ bearer: [] }];

export interface PayoutsRoutesOptions {
  payouts: PayoutsService;
  disputes: DisputesService;
}

/** A mentor's earnings and payouts, and a mentee's dispute of a session; under /myprosper/api. */
export const payoutsRoutes: FastifyPluginAsyncZod<PayoutsRoutesOptions> = async (
  app,
  { payouts, disputes },
) => {
  app.get(
    '/payouts/earnings',
    {
      schema: {
        tags: ['payouts'],
        security,
        summary:
          "The mentor's earnings: pending (in their hold or disputed), payable, in flight, paid, and payouts",
        response: { 200: mentorEarningsResponse, ...errors },
      },
      onRequest: app.requireRole('ADVISOR'),
    },
    async (request) => ok(await payouts.earnings(request.user!.id)),
  );

  app.get(
    '/sessions/:id/dispute',
    {
      schema: {
        tags: ['payouts'],
        security,
        summary:
          'A paying mentee: the dispute of this session, or whether (and until when) one may be opened',
        params: disputeParams,
        response: { 200: disputeStateResponse, ...errors },
      },
      onRequest: app.requireRole('ADVISEE'),
    },
    async (request) => ok(await disputes.state(request.user!, request.params.id)),
  );

  app.post(
    '/sessions/:id/dispute',
    {
      schema: {
        tags: ['payouts'],
        security,
        summary:
          "A paying mentee disputes an ended session within the hold: its mentor's earnings wait for an admin",
        params: disputeParams,
        body: disputeRequest,
        response: { 200: disputeStateResponse, ...errors },
      },
      onRequest: app.requireRole('ADVISEE'),
    },
    async (request) =>
      ok(
        await disputes.open(request.user!, request.params.id, request.body.reason),
        payoutMessages.disputeOpened,
      ),
  );
};

/**
 * Payout runs and disputes for admins, under /myprosper/api/admin; guarded like the rest of the console
 * (ADMIN, and two-step sign-in where required).
 */
export const adminPayoutRunsRoutes: FastifyPluginAsyncZod<PayoutsRoutesOptions> = async (
  app,
  { payouts, disputes },
) => {
  app.addHook('onRequest', app.requireRole('ADMIN'));
  if (app.env.ADMIN_TWO_STEP === 'required') app.addHook('onRequest', app.requireTwoStep);
  const schema = { tags: ['admin'], security };

  app.get(
    '/payoutRuns',
    {
      schema: {
        ...schema,
        summary: 'The latest M-PESA payout runs and their payouts',
        response: { 200: adminPayoutRunsResponse, ...errors },
      },
    },
    async () => ok(await payouts.latestRuns()),
  );

  app.post(
    '/payoutRuns',
    {
      schema: {
        ...schema,
        summary:
          'Run the M-PESA payouts now: one B2C request per mentor preferring M-PESA whose payable balance reaches the minimum',
        body: payoutRunRequest,
        response: { 200: adminPayoutRunResponse, ...errors },
      },
    },
    async (request) => {
      const run = await payouts.run({
        trigger: 'ADMIN',
        runKey: request.body.runKey ? `admin:${request.body.runKey}` : undefined,
        startedBy: request.user!.id,
      });
      return ok(run, payoutMessages.runStarted(run.payouts));
    },
  );

  app.get(
    '/disputes',
    {
      schema: {
        ...schema,
        summary: "Mentees' disputes of sessions: open ones first",
        response: { 200: adminDisputesResponse, ...errors },
      },
    },
    async () => ok(await disputes.list()),
  );

  app.post(
    '/disputes/:id/decide',
    {
      schema: {
        ...schema,
        summary:
          'Decide a dispute: RELEASE the held earnings to the mentor, or REFUND the mentees the way they paid',
        params: adminDisputeParams,
        body: decideDisputeRequest,
        response: { 200: decideDisputeResponse, ...errors },
      },
    },
    async (request) => {
      const decided = await disputes.decide(request.user!, request.params.id, request.body);
      return ok(
        decided,
        request.body.decision === 'RELEASE' ? payoutMessages.disputeReleased : payoutMessages.disputeRefunded,
      );
    },
  );
};
