import {
  twoStepMessages,
  twoStepRecoveriesResponse,
  twoStepRecoveryDecisionResponse,
  twoStepRecoveryParams,
} from '@myprosper/contract/two-step';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../lib/reply.ts';
import type { TwoStepRecoveries } from '../auth/auth.door.ts';
import { AuditLogRepository } from './audit-log.repository.ts';
import { adminErrors, adminSecurity, adminTags } from './route-kit.ts';

const schema = { tags: adminTags, security: adminSecurity };

/**
 * Owners locked out by a second factor they cannot use ask, through their e-mailed reset link, that it be turned
 * off; an admin approves or refuses here. Each decision is one audited transaction (APPROVE_TWO_STEP_RECOVERY or
 * REFUSE_TWO_STEP_RECOVERY on the user).
 */
export const adminTwoStepRecoveriesRoutes: FastifyPluginAsyncZod<{ recoveries: TwoStepRecoveries }> = async (
  app,
  { recoveries },
) => {
  app.get(
    '/twoStepRecoveries',
    {
      schema: {
        ...schema,
        summary: "Requests to turn an account's two-step sign-in off, waiting for a decision, oldest first",
        response: { 200: twoStepRecoveriesResponse, ...adminErrors },
      },
    },
    async () => ok(await recoveries.listPending()),
  );

  for (const [action, approve] of [
    ['approve', true],
    ['refuse', false],
  ] as const) {
    app.post(
      `/twoStepRecoveries/:id/${action}`,
      {
        schema: {
          ...schema,
          summary: approve
            ? 'Approve: two-step sign-in off, every device signed out, the owner e-mailed (audited)'
            : 'Refuse: two-step sign-in stays on, the owner e-mailed (audited)',
          params: twoStepRecoveryParams,
          response: { 200: twoStepRecoveryDecisionResponse, ...adminErrors },
        },
      },
      async (request) => {
        const admin = request.user!;
        await recoveries.decide(admin.id, request.params.id, approve, (tx, decision) =>
          new AuditLogRepository(tx).record({
            actorId: admin.id,
            action: approve ? 'APPROVE_TWO_STEP_RECOVERY' : 'REFUSE_TWO_STEP_RECOVERY',
            entity: 'user',
            entityId: decision.userId,
            before: { twoStep: 'ON', requestId: decision.requestId, reason: decision.reason },
            after: { twoStep: approve ? 'OFF' : 'ON', signedOutEverywhere: approve },
          }),
        );
        return done(approve ? twoStepMessages.recoveryApproved : twoStepMessages.recoveryRefused);
      },
    );
  }
};
