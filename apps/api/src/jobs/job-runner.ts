import type pg from 'pg';
import PgBoss from 'pg-boss';

/** The advisory lock instances take in turn while setting up their job queues. */
const jobsStartLockKey = 72_430_027;

/** The least time between two runs asked for by `soon`. */
const soonGapMs = 1_000;

/** A recurring job: its handler runs on one instance at a time, at each tick of its cron (UTC). */
export interface RecurringJob {
  name: string;
  cron: string;
  run(): Promise<void>;
}

export interface JobRunnerOptions {
  pollingIntervalSeconds: number;
  /**
   * A run still active after this long is taken for dead: pg-boss fails it and the job may run again. Without
   * it a run cut short by a killed process keeps its job blocked (one run at a time) for pg-boss's default
   * 15 minutes.
   */
  expireSeconds: number;
  onError(error: Error): void;
  /** How long stop lets pg-boss wait for its workers (10 s by default); the runner still waits for its runs. */
  stopTimeoutMs?: number;
}

/**
 * Background jobs on pg-boss, in the application's own PostgreSQL (server or embedded) through its pool.
 * Jobs are defined while the app is built, then the runner starts when the app is ready and stops on close.
 * pg-boss keeps its tables in the 'pgboss' schema and creates them itself on start.
 */
export interface QueueStats {
  queue: string;
  waiting: number;
  active: number;
  failed: number;
  oldestWaitingSeconds: number;
}

export class JobRunner {
  private readonly jobs = new Map<string, RecurringJob>();
  private boss: PgBoss | null = null;
  /** When each job was last asked for by `soon`, and the timers of asks kept for the end of the gap. */
  private readonly lastSoon = new Map<string, number>();
  private readonly deferred = new Map<string, NodeJS.Timeout>();
  /** Asks on their way to pg-boss: stop waits for them. */
  private readonly sending = new Set<Promise<void>>();
  /** Runs in progress: stop waits for them, so none outlives the pool it uses. */
  private readonly running = new Set<Promise<void>>();
  /** pg-boss's statements in flight: stop waits for them too. */
  private readonly statements = new Set<Promise<unknown>>();
  /** Set once stop has drained: pg-boss's late statements are dropped instead of reaching a pool that may end. */
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: JobRunnerOptions,
  ) {}

  define(job: RecurringJob): void {
    if (this.boss) throw new Error(`job ${job.name} defined after the runner started`);
    this.jobs.set(job.name, job);
  }

  get isRunning(): boolean {
    return this.boss !== null;
  }

  async start(): Promise<void> {
    if (this.boss) return;
    this.stopped = false;
    const boss = new PgBoss({
      db: { executeSql: (text, values) => this.statement(text, values) },
      // Completed jobs are kept a day for inspection.
      deleteAfterDays: 1,
      expireInSeconds: this.options.expireSeconds,
      // Expired runs are looked for at each maintenance.
      maintenanceIntervalSeconds: Math.min(60, this.options.expireSeconds),
    });
    boss.on('error', (error) => this.options.onError(error));
    // Instances starting at the same time on a new database take turns: pg-boss creating the same queues
    // from two processes at once deadlocks (and the process that loses fails to start).
    const lock = await this.pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [jobsStartLockKey]);
      await boss.start();
      for (const job of this.jobs.values()) {
        await boss.createQueue(job.name, { name: job.name, policy: 'singleton', retryLimit: 2 });
        await boss.work(
          job.name,
          { pollingIntervalSeconds: this.options.pollingIntervalSeconds },
          async () => {
            const run = job.run();
            const tracked = run.then(
              () => undefined,
              () => undefined,
            );
            this.running.add(tracked);
            try {
              await run;
            } finally {
              this.running.delete(tracked);
            }
          },
        );
        await boss.schedule(job.name, job.cron);
      }
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [jobsStartLockKey]).catch(() => undefined);
      lock.release();
    }
    this.boss = boss;
  }

  /** Ask for one run now, besides the schedule (tests, operators). */
  async trigger(name: string): Promise<void> {
    if (!this.boss) throw new Error('the job runner is not started');
    if (!this.jobs.has(name)) throw new Error(`unknown job ${name}`);
    await this.boss.send(name, {});
  }

  /**
   * Ask for a run as soon as the runner can take it, from work that has just committed (a payment, a booking).
   * At most one run is asked for per job each `soonGapMs`: an ask inside the gap is kept for its end (one
   * timer, however many asks), so a burst of writes costs one run, and no ask is lost. The queue's
   * one-at-a-time policy keeps runs from overlapping. Does nothing when the runner is not running (tests with
   * JOBS_ENABLED off, a process shutting down): the schedule still catches the work. Never throws: the
   * caller's work is already done.
   */
  soon(name: string): void {
    if (!this.boss || !this.jobs.has(name) || this.deferred.has(name)) return;
    const wait = (this.lastSoon.get(name) ?? 0) + soonGapMs - Date.now();
    if (wait > 0) {
      const timer = setTimeout(() => {
        this.deferred.delete(name);
        this.soon(name);
      }, wait);
      timer.unref();
      this.deferred.set(name, timer);
      return;
    }
    this.lastSoon.set(name, Date.now());
    const sent = this.boss
      .send(name, {})
      .then(() => undefined)
      .catch((error: unknown) =>
        this.options.onError(error instanceof Error ? error : new Error(String(error))),
      )
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  /**
   * For /metrics: per queue, jobs waiting (due and not started), running, failed in the last day, and the
   * age of the oldest waiting job in seconds. Empty while the runner is not running.
   */
  async queueStats(): Promise<QueueStats[]> {
    if (!this.boss) return [];
    const result = await this.pool.query<{
      name: string;
      waiting: string;
      active: string;
      failed: string;
      oldest: string | null;
    }>(
      `SELECT name,
         count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now()) AS waiting,
         count(*) FILTER (WHERE state = 'active') AS active,
         count(*) FILTER (WHERE state = 'failed' AND completed_on > now() - interval '1 day') AS failed,
         extract(epoch FROM now() - min(created_on)
           FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())) AS oldest
       FROM pgboss.job GROUP BY name`,
    );
    const byName = new Map(result.rows.map((row) => [row.name, row]));
    return [...this.jobs.keys()].map((name) => {
      const row = byName.get(name);
      return {
        queue: name,
        waiting: Number(row?.waiting ?? 0),
        active: Number(row?.active ?? 0),
        failed: Number(row?.failed ?? 0),
        oldestWaitingSeconds: Number(row?.oldest ?? 0),
      };
    });
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    this.boss = null;
    for (const timer of this.deferred.values()) clearTimeout(timer);
    this.deferred.clear();
    // An ask sent just before the stop must reach pg-boss before it stops, or it would use a closed pool.
    await Promise.all(this.sending);
    await boss.stop({ graceful: true, wait: true, timeout: this.options.stopTimeoutMs ?? 10_000 });
    await Promise.all(this.running);
    // pg-boss records a run's end (complete or fail) after the run settles: let it start, then wait for it.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.statements.size > 0) await Promise.allSettled([...this.statements]);
    // A run that outlived the stop's timeout still ends later: its record is dropped (the job expires and runs
    // again, as after a crash) instead of failing on a pool the app has ended.
    this.stopped = true;
  }

  private statement(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    // Never settles: pg-boss neither awaits nor catches these writes, and any answer (a refusal from an ended
    // pool, or rows it does not expect) would be an unhandled rejection.
    if (this.stopped) return new Promise(() => undefined);
    const query = this.pool.query(text, values);
    this.statements.add(query);
    void query.then(
      () => this.statements.delete(query),
      () => this.statements.delete(query),
    );
    return query;
  }
}
