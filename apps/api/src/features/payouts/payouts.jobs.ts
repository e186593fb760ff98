import type { RecurringJob } from '../../jobs/job-runner.ts';
import type { PayoutsService } from './payouts.service.ts';

export const payoutRunJobName = 'mentor-payout-run';

/** The scheduled payout run (PAYOUT_CRON, weekly by default). */
export function payoutRunJob(service: PayoutsService, cron: string): RecurringJob {
  return {
    name: payoutRunJobName,
    cron,
    async run() {
      await service.runScheduled();
    },
  };
}
