import { callSessionParams } from '@myprosper/contract/calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../lib/errors.ts';
import { CallsRepository } from './calls.repository.ts';
import type { NoShowService } from './no-show.service.ts';

/** A week either way: the payouts journey moves a session past its 48-hour payout hold. */
const minutesFromNow = z.number().int().min(-10_080).max(10_080);
const moveBody = z
  .object({ startsInMinutes: minutesFromNow.optional(), holdEndsInMinutes: minutesFromNow.optional() })
  .refine((body) => body.startsInMinutes !== undefined || body.holdEndsInMinutes !== undefined, {
    message: 'Say when the session starts or when its hold ends',
  });

/**
 * POST /dev/sessions/:sessionId/move, for browser journeys only: registered when DEV_SESSION_CLOCK and SANDBOX
 * are both on (the journeys' servers; never `npm start`) and answered to this machine only (lib/local-only.ts).
 * It moves a session to start `startsInMinutes` from now (same length), or the end of its unpaid hold to
 * `holdEndsInMinutes` from now, and runs the attendance job's work once, so a journey sees what the job decides
 * at that time without waiting for the clock.
 */
export const devClockRoutes: FastifyPluginAsyncZod<{ db: Db; noShows: NoShowService }> = async (
  app,
  { db, noShows },
) => {
  app.post(
    '/dev/sessions/:sessionId/move',
    { schema: { hide: true, params: callSessionParams, body: moveBody } },
    async (request) => {
      const { sessionId } = request.params;
      const repository = new CallsRepository(db);
      const session = await repository.findSession(sessionId);
      if (!session) throw notFound('No such session');
      const { startsInMinutes, holdEndsInMinutes } = request.body;
      if (startsInMinutes !== undefined) {
        const startsAt = new Date(Date.now() + startsInMinutes * 60_000);
        const endsAt = new Date(startsAt.getTime() + session.endsAt.getTime() - session.startsAt.getTime());
        await repository.moveForJourney(sessionId, startsAt, endsAt);
      }
      if (holdEndsInMinutes !== undefined) {
        await repository.moveHoldForJourney(sessionId, new Date(Date.now() + holdEndsInMinutes * 60_000));
      }
      const decided = await noShows.run();
      return { statusCode: 200, message: 'Moved', data: decided };
    },
  );
};
