import type { Db } from '../../db/connection.ts';
import type { RecurringJob } from '../../jobs/job-runner.ts';
import type { NoShowService } from './no-show.service.ts';
import { SignalsRepository } from './signals.repository.ts';

export const callAttendanceJobName = 'call-attendance';

/** Signaling rows older than this are of no use to anyone. */
const signalKeepSeconds = 120;

/** Every minute: no-shows decided, ended calls closed, old signaling rows dropped. */
export function callAttendanceJob(db: Db, noShows: NoShowService, cron: string): RecurringJob {
  return {
    name: callAttendanceJobName,
    cron,
    async run() {
      await noShows.run();
      await new SignalsRepository(db).deleteOlderThan(signalKeepSeconds);
    },
  };
}
