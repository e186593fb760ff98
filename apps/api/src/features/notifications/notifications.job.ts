import type { RecurringJob } from '../../jobs/job-runner.ts';
import type { NotificationsService } from './notifications.service.ts';

export const notificationsJobName = 'send-session-notifications';

/** Every tick (NOTIFICATIONS_CRON, each minute by default): the session messages due now go out, once. */
export function notificationsJob(service: NotificationsService, cron: string): RecurringJob {
  return {
    name: notificationsJobName,
    cron,
    async run() {
      await service.dispatchDue(new Date());
    },
  };
}
