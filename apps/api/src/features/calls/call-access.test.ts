import { callMessages } from '@myprosper/contract/calls';
import { describe, expect, it } from 'vitest';
import { type AccessFacts, decideAccess } from './call-access.ts';

const startsAt = new Date('2026-03-02T06:00:00Z');
const settings = { earlyJoinMinutes: 10, graceMinutes: 10 };
const at = (minutesFromStart: number) => new Date(startsAt.getTime() + minutesFromStart * 60_000);

function facts(
  patch: Partial<AccessFacts['session']> = {},
  attendee: AccessFacts['attendee'] = null,
  userId = 2,
) {
  return {
    session: {
      id: 1,
      sessionType: 'INDIVIDUAL' as const,
      status: 'CONFIRMED' as const,
      advisorId: 1,
      startsAt,
      endsAt: at(60),
      callStatus: 'NOT_STARTED' as const,
      mentorNoShow: false,
      ...patch,
    },
    attendee,
    userId,
  };
}
const paid = { paymentStatus: 'PAID' as const, invitationStatus: 'ACCEPTED' as const };

describe('who may join a call, and when', () => {
  it('lets the mentor and a paid attendee in from 10 minutes before the start to 10 minutes after the end', () => {
    expect(decideAccess(facts({}, null, 1), at(-10), settings)).toMatchObject({
      ok: true,
      role: 'ADVISOR',
      capacity: 2,
    });
    expect(decideAccess(facts({}, paid), at(69), settings)).toMatchObject({ ok: true, role: 'ADVISEE' });
    expect(decideAccess(facts({}, paid), at(-11), settings)).toMatchObject({ ok: false, code: 'CONFLICT' });
    expect(decideAccess(facts({}, paid), at(70), settings)).toMatchObject({
      ok: false,
      message: callMessages.ended,
    });
  });

  it('refuses strangers, unpaid attendees, pending group invitations, unconfirmed and cancelled sessions', () => {
    expect(decideAccess(facts(), at(0), settings)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    const unpaid = { paymentStatus: 'UNPAID' as const, invitationStatus: 'ACCEPTED' as const };
    expect(decideAccess(facts({}, unpaid), at(0), settings)).toMatchObject({ message: callMessages.notPaid });
    const pending = { paymentStatus: 'PAID' as const, invitationStatus: 'PENDING' as const };
    expect(decideAccess(facts({ sessionType: 'GROUP' }, pending), at(0), settings)).toMatchObject({
      message: callMessages.notAccepted,
    });
    expect(decideAccess(facts({ status: 'PENDING_PAYMENT' }, paid), at(0), settings)).toMatchObject({
      message: callMessages.notConfirmed,
    });
    expect(decideAccess(facts({ status: 'CANCELLED' }, null, 1), at(0), settings)).toMatchObject({
      code: 'GONE',
      message: callMessages.cancelled,
    });
  });

  it('closes the call of a session whose mentor did not attend, for the mentor and the mentees alike', () => {
    expect(decideAccess(facts({ mentorNoShow: true }, null, 1), at(11), settings)).toMatchObject({
      ok: false,
      code: 'GONE',
      message: callMessages.youDidNotAttend,
    });
    expect(decideAccess(facts({ mentorNoShow: true }, paid), at(11), settings)).toMatchObject({
      ok: false,
      code: 'GONE',
      message: callMessages.mentorDidNotAttend,
    });
  });

  it("keeps a group's call closed to everyone while its host is asked to cover the price", () => {
    const uncovered = { sessionType: 'GROUP' as const, priceCovered: false };
    for (const [attendee, userId] of [
      [paid, 2],
      [null, 1],
    ] as const) {
      expect(decideAccess(facts(uncovered, attendee, userId), at(0), settings)).toMatchObject({
        ok: false,
        code: 'CONFLICT',
        message: callMessages.priceNotCovered,
      });
    }
    expect(decideAccess(facts({ ...uncovered, priceCovered: true }, paid), at(0), settings)).toMatchObject({
      ok: true,
    });
  });

  it('gives a group room five places', () => {
    expect(decideAccess(facts({ sessionType: 'GROUP' }, paid), at(0), settings)).toMatchObject({
      capacity: 5,
    });
  });
});
