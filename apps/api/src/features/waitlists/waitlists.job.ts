import type { RecurringJob } from '../../jobs/job-runner.ts';
import type { WaitlistsService } from './waitlists.service.ts';

export const waitlistsJobName = 'pass-waitlist-holds';

/**
 * Each tick (HOLD_EXPIRY_CRON, each minute by default, the cadence hours free at when unpaid holds lapse) and
 * soon after any write that may free an hour: lapsed waitlist holds pass to the next person, free hours go to
 * the first waiting, and they are told.
 */
export function waitlistsJob(service: WaitlistsService, cron: string): RecurringJob {
  return {
    name: waitlistsJobName,
    cron,
    async run() {
      await service.passHolds(new Date());
    },
  };
}
