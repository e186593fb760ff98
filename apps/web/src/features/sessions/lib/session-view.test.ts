import { type Session, sessionMessages } from '@myprosper/contract/sessions';
import { describe, expect, it } from 'vitest';
import {
  awaitsMyAnswer,
  callEntry,
  canEnterCall,
  canRate,
  canReschedule,
  otherParty,
  paymentBadge,
  sessionWhen,
  startsIn,
} from './session-view.ts';

function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    id: 7,
    reference: 'MP-7',
    sessionType: 'INDIVIDUAL',
    sessionStatus: 'UPCOMING',
    paymentStatus: 'UNPAID',
    sessionCallStatus: 'NOT_STARTED',
    startTime: '2022-01-03T09:00:00',
    startTimeUtc: '2022-01-03T06:00:00.000Z',
    endTimeUtc: '2022-01-03T07:00:00.000Z',
    amount: 2900,
    topic: { id: 3, name: 'Careers', tagLine: 'Grow', imgUrl: '/t.png' },
    advisor: { id: 2, name: 'Mary Mentor', advisorDetails: { profilePicUrl: null } },
    advisee: { id: 5, name: 'Adam Advisee', profilePicUrl: null },
    groupSessionAttendees: [],
    holdExpiresAt: '2022-01-01T06:15:00.000Z',
    status: 'PENDING_PAYMENT',
    icsSequence: 0,
    mentorNoShow: false,
    canRate: false,
    ...overrides,
  };
}

const mentee = { userId: 5, isAdvisor: false };
const mentor = { userId: 2, isAdvisor: true };

describe('session view', () => {
  it('says the time in words in Africa/Nairobi', () => {
    expect(sessionWhen(makeSession())).toBe('Mon 3rd, Jan 2022 · 09:00–10:00');
  });

  it('names the mentor to mentees and the mentees to mentors', () => {
    const group = makeSession({
      sessionType: 'GROUP',
      groupSessionAttendees: [
        {
          adviseeId: 5,
          advisee: { name: 'Adam' },
          phoneNumber: null,
          email: null,
          amount: 1,
          invitationStatus: 'ACCEPTED',
          paymentStatus: 'PAID',
          isHost: true,
        },
        {
          adviseeId: null,
          advisee: null,
          phoneNumber: '254712000000',
          email: null,
          amount: 1,
          invitationStatus: 'PENDING',
          paymentStatus: 'UNPAID',
          isHost: false,
        },
      ],
    });
    expect(otherParty(group, mentee)).toEqual({ role: 'Mentor', name: 'Mary Mentor' });
    expect(otherParty(group, mentor)).toEqual({ role: 'Mentee', name: 'Adam Advisee and 1 other' });
  });

  it('shows awaiting payment, paid, expired and cancelled', () => {
    expect(paymentBadge(makeSession(), mentee)).toBe('Awaiting payment');
    expect(paymentBadge(makeSession({ status: 'CONFIRMED', paymentStatus: 'PAID' }), mentee)).toBe('Paid');
    expect(paymentBadge(makeSession({ status: 'EXPIRED' }), mentee)).toBe('Expired');
    expect(paymentBadge(makeSession({ status: 'CANCELLED' }), mentee)).toBe('Cancelled');
  });

  it('allows a reschedule only more than 24 hours ahead of an active session', () => {
    const session = makeSession();
    expect(canReschedule(session, mentee, new Date('2022-01-02T05:59:00Z'))).toBe(true);
    expect(canReschedule(session, mentee, new Date('2022-01-02T06:01:00Z'))).toBe(false);
    expect(canReschedule(makeSession({ status: 'EXPIRED' }), mentee, new Date('2021-12-01T00:00:00Z'))).toBe(
      false,
    );
    expect(canReschedule(session, { userId: 9, isAdvisor: false }, new Date('2021-12-01T00:00:00Z'))).toBe(
      false,
    );
  });

  it('lets the mentor move it until the start, never twice at once nor past the limit', () => {
    const session = makeSession({ status: 'CONFIRMED' });
    const late = new Date('2022-01-03T05:00:00Z');
    expect(canReschedule(session, mentor, late)).toBe(true);
    expect(canReschedule(session, mentee, late)).toBe(false);
    expect(canReschedule(makeSession({ status: 'CONFIRMED', reschedulesLeft: 0 }), mentor, late)).toBe(false);
    const proposal = {
      id: 4,
      startTime: '2022-01-03T11:00:00',
      startTimeUtc: '2022-01-03T08:00:00.000Z',
      endTimeUtc: '2022-01-03T09:00:00.000Z',
      expiresAtUtc: '2022-01-03T06:00:00.000Z',
      byMentor: true,
      answers: [{ adviseeId: mentee.userId, answer: 'AWAITED' as const }],
    };
    const proposed = makeSession({ status: 'CONFIRMED', rescheduleProposal: proposal });
    expect(canReschedule(proposed, mentor, late)).toBe(false);
    expect(awaitsMyAnswer(proposed, mentee)).toBe(true);
    expect(awaitsMyAnswer(proposed, mentor)).toBe(false);
    expect(awaitsMyAnswer(proposed, { userId: 9, isAdvisor: false })).toBe(false);
  });

  it('lets people into the call only for upcoming paid sessions, and mentees rate past ones', () => {
    const atStart = new Date('2022-01-03T06:00:00Z');
    expect(canEnterCall(makeSession(), mentee, atStart)).toBe(false);
    expect(canEnterCall(makeSession({ status: 'CONFIRMED', paymentStatus: 'PAID' }), mentee, atStart)).toBe(
      true,
    );
    const past = makeSession({ sessionStatus: 'PAST', status: 'CONFIRMED', paymentStatus: 'PAID' });
    // Whether the caller may rate is the server's word (paid, attended, not rated yet).
    expect(canRate(past, mentee)).toBe(false);
    expect(canRate({ ...past, canRate: true }, mentee)).toBe(true);
    expect(canRate({ ...past, canRate: true }, mentor)).toBe(false);
  });

  it('shows a session whose mentor did not attend as such, with no way into its call', () => {
    const ended = makeSession({
      status: 'CONFIRMED',
      paymentStatus: 'PAID',
      mentorNoShow: true,
      sessionCallStatus: 'ENDED',
    });
    expect(paymentBadge(ended, mentee)).toBe(sessionMessages.mentorDidNotAttend);
    expect(paymentBadge(ended, mentor)).toBe('Mentor did not attend — refunded');
    expect(canEnterCall(ended, mentee, new Date('2022-01-03T06:05:00Z'))).toBe(false);
    expect(canEnterCall(ended, mentor, new Date('2022-01-03T06:05:00Z'))).toBe(false);
  });

  it('opens the call only from its opening time (10 minutes before the start) until 10 minutes after the end', () => {
    const paid = makeSession({ status: 'CONFIRMED', paymentStatus: 'PAID' });
    const rules = { callEarlyJoinMinutes: 10, callGraceMinutes: 10 };
    expect(callEntry(paid, mentee, new Date('2022-01-02T06:00:00Z'), rules)).toBe('notYet');
    expect(callEntry(paid, mentee, new Date('2022-01-03T05:49:59Z'), rules)).toBe('notYet');
    expect(callEntry(paid, mentee, new Date('2022-01-03T05:50:00Z'), rules)).toBe('open');
    expect(callEntry(paid, mentor, new Date('2022-01-03T07:09:59Z'), rules)).toBe('open');
    expect(callEntry(paid, mentor, new Date('2022-01-03T07:10:00Z'), rules)).toBe('no');
    // Unpaid or cancelled: never, whatever the time.
    expect(callEntry(makeSession(), mentee, new Date('2022-01-03T06:00:00Z'), rules)).toBe('no');
    expect(callEntry({ ...paid, status: 'CANCELLED' }, mentor, new Date('2022-01-03T06:00:00Z'), rules)).toBe(
      'no',
    );
  });

  it('says how soon a session starts', () => {
    const session = makeSession();
    expect(startsIn(session, new Date('2022-01-03T05:40:00Z'))).toBe('starts in 20 minutes');
    expect(startsIn(session, new Date('2021-12-31T06:00:00Z'))).toBe('starts in 3 days');
    // Once it has begun: 'started', never 'starts started'.
    expect(startsIn(session, new Date('2022-01-03T06:05:00Z'))).toBe('started');
  });
});
