import { sessionMessages } from '@myprosper/contract/sessions';
import { describe, expect, it } from 'vitest';
import { rescheduleRefusal } from './reschedule-refusal.ts';

const rules = { rescheduleCutoffHours: 24, maxReschedules: 2 };
const now = new Date('2022-01-03T06:00:00Z');
const startingIn = (hours: number) => ({
  status: 'CONFIRMED' as const,
  startTimeUtc: new Date(now.getTime() + hours * 3_600_000).toISOString(),
  mentorNoShow: false,
  reschedulesLeft: 2,
});

describe('rescheduleRefusal', () => {
  it('tells a mentee at once that a session less than 24 hours away can no longer be moved', () => {
    expect(rescheduleRefusal(startingIn(23.5), false, now, rules)).toBe(
      sessionMessages.rescheduleTooLate(24),
    );
    expect(rescheduleRefusal(startingIn(25), false, now, rules)).toBeNull();
  });

  it('lets the mentor move it until it starts', () => {
    expect(rescheduleRefusal(startingIn(1), true, now, rules)).toBeNull();
    expect(rescheduleRefusal(startingIn(-0.5), true, now, rules)).toBe(sessionMessages.rescheduleInactive);
  });

  it('refuses cancelled or expired sessions, and sessions moved as often as allowed', () => {
    expect(rescheduleRefusal({ ...startingIn(48), status: 'CANCELLED' }, false, now, rules)).toBe(
      sessionMessages.rescheduleInactive,
    );
    expect(rescheduleRefusal({ ...startingIn(48), status: 'EXPIRED' }, true, now, rules)).toBe(
      sessionMessages.rescheduleInactive,
    );
    expect(rescheduleRefusal({ ...startingIn(48), reschedulesLeft: 0 }, false, now, rules)).toBe(
      sessionMessages.tooManyReschedules(2),
    );
  });
});
