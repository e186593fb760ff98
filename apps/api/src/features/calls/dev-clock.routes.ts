import { callSessionParams } from '@myprosper/contract/calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../lib/errors.ts';
import { CallsRepository } from './calls.repository.ts';
import type { NoShowService } from './no-show.service.ts';

/** A week either way: the payouts journey moves a session past its 48-hour payout hold. */
const moveBody = z.object({ startsInMinutes: z.number().int().min(-10_080).max(10_080) });

/**
 * POST /dev/sessions/:sessionId/move, for browser journeys only: registered when DEV_SESSION_CLOCK and SANDBOX
 * are both on (the journeys' servers; never `npm start`) and answered to this machine only (lib/local-only.ts).
 * It moves a session to start `startsInMinutes` from now (same length) and runs the attendance job's work
 * once, so a journey sees what the job decides at that time without waiting for the clock.
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
      const startsAt = new Date(Date.now() + request.body.startsInMinutes * 60_000);
      const endsAt = new Date(startsAt.getTime() + session.endsAt.getTime() - session.startsAt.getTime());
      await repository.moveForJourney(sessionId, startsAt, endsAt);
      const decided = await noShows.run();
      return { statusCode: 200, message: 'Moved', data: decided };
    },
  );
};
