import { type Session, sessionMessages } from '@myprosper/contract/sessions';

/**
 * Why this viewer cannot move the session now, in the server's words, or null when they may: it must still
 * hold its hour and not have started; a mentee (the host) may move it only until `cutoffHours` before it
 * starts, the mentor until the start.
 */
export function rescheduleRefusal(
  session: Pick<Session, 'status' | 'startTimeUtc' | 'mentorNoShow' | 'reschedulesLeft'>,
  isAdvisor: boolean,
  now: Date,
  rules: { rescheduleCutoffHours: number; maxReschedules: number },
): string | null {
  const isActive = session.status === 'PENDING_PAYMENT' || session.status === 'CONFIRMED';
  const startsAt = new Date(session.startTimeUtc).getTime();
  if (!isActive || session.mentorNoShow || startsAt <= now.getTime())
    return sessionMessages.rescheduleInactive;
  if (!isAdvisor && startsAt - now.getTime() < rules.rescheduleCutoffHours * 3_600_000)
    return sessionMessages.rescheduleTooLate(rules.rescheduleCutoffHours);
  if ((session.reschedulesLeft ?? 1) <= 0) return sessionMessages.tooManyReschedules(rules.maxReschedules);
  return null;
}
