import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app.ts';
import { JobRunner } from './job-runner.ts';

describe('job runner: stopping while a run ends', () => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
    drop = undefined;
  });

  it("waits for a run that outlasts pg-boss's stop and for its failure to be recorded, then leaves the pool", async () => {
    const test = await createTestDatabase();
    drop = test.drop;
    const errors: Error[] = [];
    const runner = new JobRunner(test.database.pool, {
      pollingIntervalSeconds: 0.5,
      expireSeconds: 60,
      onError: (error) => errors.push(error),
      // The run below outlasts pg-boss's own wait, as a slow run does on a busy machine.
      stopTimeoutMs: 1_000,
    });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    runner.define({
      name: 'fails-at-the-stop',
      cron: '0 0 1 1 *',
      async run() {
        started();
        await released;
        throw new Error('the run failed as the app closed');
      },
    });
    await runner.start();
    await runner.trigger('fails-at-the-stop');
    await running;

    const stopping = runner.stop();
    setTimeout(release, 1_600);
    await stopping;

    // The failure was written before stop returned: the job waits for its retry, not for a pool that is gone.
    const { rows } = await test.database.pool.query<{ state: string }>(
      "SELECT state FROM pgboss.job WHERE name = 'fails-at-the-stop' AND state <> 'created'",
    );
    expect(rows.map((row) => row.state)).toEqual(['retry']);
    expect(errors).toEqual([]);
    // Ending the pool now leaves nothing of the runner to fail on it (vitest fails the file on any unhandled
    // rejection).
    await test.drop();
    drop = undefined;
    await new Promise((resolve) => setImmediate(resolve));
  });
});
