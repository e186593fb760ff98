import type { SlotRules } from '@myprosper/contract/slots';
import type { Env } from '../../config/env.ts';
import type { DbOrTx } from '../../db/connection.ts';
import type { SessionRulesEnv } from '../../lib/session-rules.ts';
import { BookingRepository } from './booking.repository.ts';

export type BookingEnv = SessionRulesEnv &
  Pick<
    Env,
    | 'TIME_ZONE'
    | 'PUBLIC_URL'
    | 'BOOKING_HORIZON_WEEKS'
    | 'BOOKING_MIN_NOTICE_MINUTES'
    | 'BOOKING_HOLD_MINUTES'
    | 'RESCHEDULE_CUTOFF_HOURS'
  >;

/** A mentor's booking rules at `now`: weekly hours, blocked dates, and the configured limits. */
export async function loadSlotRules(
  db: DbOrTx,
  env: BookingEnv,
  advisorId: number,
  now: Date,
): Promise<SlotRules> {
  const repository = new BookingRepository(db);
  return {
    availability: await repository.findWeeklyHours(advisorId),
    blockedDates: await repository.findBlockedDates(advisorId),
    now,
    horizonWeeks: env.BOOKING_HORIZON_WEEKS,
    minNoticeMinutes: env.BOOKING_MIN_NOTICE_MINUTES,
    timeZone: env.TIME_ZONE,
  };
}

export function slotLimits(env: BookingEnv) {
  return { minNoticeMinutes: env.BOOKING_MIN_NOTICE_MINUTES, horizonWeeks: env.BOOKING_HORIZON_WEEKS };
}
