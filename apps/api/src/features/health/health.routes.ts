import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Liveness and readiness for load balancers and orchestrators. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    // Stopping (SIGTERM): not ready from the first moment, while requests are still served.
    if (app.lifecycle.draining) {
      return reply.status(503).send({ statusCode: 503, message: 'shutting down' });
    }
    try {
      await app.db.db.execute(sql`select 1`);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ statusCode: 503, message: 'database unavailable' });
    }
  });
};
