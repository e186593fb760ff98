import type { Db } from '../../db/connection.ts';
import type { RecurringJob } from '../../jobs/job-runner.ts';
import { SessionsRepository } from '../sessions/sessions.door.ts';

export const holdExpiryJobName = 'expire-session-holds';

/**
 * Unpaid bookings whose hold ran out become EXPIRED and free their slot. Reads already show them as expired
 * and booking expires stale holds first, so this keeps the table tidy and the attendees' slots free.
 */
export function holdExpiryJob(db: Db, cron: string): RecurringJob {
  return {
    name: holdExpiryJobName,
    cron,
    async run() {
      await db.transaction(async (tx) => {
        await new SessionsRepository(tx).expireStaleHolds(new Date());
      });
    },
  };
}
