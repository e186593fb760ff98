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
    app.metrics.gauge(
      'job_queue_jobs',
      'Background jobs by queue and state: waiting (due), active, failed in the last day',
      ['queue', 'state'],
      async () =>
        (await runner.queueStats()).flatMap((stats) => [
          { labels: { queue: stats.queue, state: 'waiting' }, value: stats.waiting },
          { labels: { queue: stats.queue, state: 'active' }, value: stats.active },
          { labels: { queue: stats.queue, state: 'failed' }, value: stats.failed },
        ]),
    );
    app.metrics.gauge(
      'job_queue_oldest_waiting_seconds',
      'Age of the oldest due job not yet started, by queue',
      ['queue'],
      async () =>
        (await runner.queueStats()).map((stats) => ({
          labels: { queue: stats.queue },
          value: stats.oldestWaitingSeconds,
        })),
    );
    if (!app.env.JOBS_ENABLED) return;
    app.addHook('onReady', async () => {
      await runner.start();
    });
    app.addHook('onClose', async () => {
      await runner.stop();
    });
  },
  { name: 'jobs', dependencies: ['db', 'metrics'] },
);
