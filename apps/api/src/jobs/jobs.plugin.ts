import fp from 'fastify-plugin';
import { JobRunner } from './job-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs: features define theirs while the app is built; they run once the app is ready. */
    jobs: JobRunner;
  }
}

/** Starts the job runner when the app is ready (if JOBS_ENABLED) and stops it when the app closes. */
export default fp(
  async (app) => {
    const runner = new JobRunner(app.db.pool, {
      pollingIntervalSeconds: app.env.JOBS_POLL_SECONDS,
      expireSeconds: app.env.JOBS_EXPIRE_SECONDS,
      onError: (error) => app.log.error({ err: error }, 'background job error'),
    });
    app.decorate('jobs', runner);
    if (!app.env.JOBS_ENABLED) return;
    app.addHook('onReady', async () => {
      await runner.start();
    });
    app.addHook('onClose', async () => {
      await runner.stop();
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
