import { z } from 'zod';
import { envelope } from './common.ts';

/**
 * The rules of sessions and money that nobody can game, in one place: the server enforces them from these
 * numbers and the pages show them, in these words, before anyone pays (the booking statement, the voucher
 * page). A number that is configurable comes from the server's environment and reaches the pages through
 * GET /myprosper/api/sessionRules, so what people read is what the code does.
 */
export const sessionRules = z.object({
  /** A mentee's cancellation at least this many hours before the start is refunded in full. */
  fullRefundHours: z.number().int().min(0),
  /** A mentee may move a session until this many hours before it starts. */
  rescheduleCutoffHours: z.number().int().min(0),
  /** Moves of one session, by anyone, at most. */
  maxReschedules: z.number().int().min(0),
  /** Notices to the same person about the same session within this many minutes go as one message. */
  noticeCoalesceMinutes: z.number().int().min(0),
  /** Moves (made or proposed) one person may ask for per hour, over all their sessions. */
  reschedulesPerPersonPerHour: z.number().int().min(1),
  /** "Attended": in the call at least this many minutes between the start and the end. */
  presenceMinutes: z.number().int().min(1),
  /** A group session needs two paid attendees this many hours before its start (or at booking, if sooner). */
  groupCutoffHours: z.number().int().min(0),
  /** A host asked to cover a group's price pays by this many hours before the start, or it is cancelled. */
  groupCoverPayHours: z.number().int().min(0),
  /** Unpaid holds one person may have at once (over all mentors), and with one mentor. */
  maxUnpaidHolds: z.number().int().min(1),
  maxUnpaidHoldsPerMentor: z.number().int().min(1),
  /** A person who let this many holds lapse within `lapseWindowHours` waits `lapsePauseHours` before holding again. */
  lapsedHoldsBeforePause: z.number().int().min(1),
  lapseWindowHours: z.number().int().min(1),
  lapsePauseHours: z.number().int().min(1),
  /** M-PESA payment prompts to one number per hour, whoever asks. */
  mpesaPromptsPerNumberPerHour: z.number().int().min(1),
  /** SMS from bookings and reminders to one number per day (verification codes aside). */
  smsPerNumberPerDay: z.number().int().min(1),
  /** A session's call opens this many minutes before its start (the page shows 'Start/Join' from then). */
  callEarlyJoinMinutes: z.number().int().min(0).default(10),
  /** ...and stays open this many minutes after its end. */
  callGraceMinutes: z.number().int().min(0).default(10),
});
export type SessionRules = z.infer<typeof sessionRules>;

/** The rules as they ship; the server may change the configurable ones from its environment. */
export const defaultSessionRules: SessionRules = {
  fullRefundHours: 24,
  rescheduleCutoffHours: 24,
  maxReschedules: 2,
  noticeCoalesceMinutes: 10,
  reschedulesPerPersonPerHour: 6,
  presenceMinutes: 10,
  groupCutoffHours: 24,
  groupCoverPayHours: 2,
  maxUnpaidHolds: 2,
  maxUnpaidHoldsPerMentor: 2,
  lapsedHoldsBeforePause: 3,
  lapseWindowHours: 24,
  lapsePauseHours: 24,
  mpesaPromptsPerNumberPerHour: 3,
  smsPerNumberPerDay: 5,
  callEarlyJoinMinutes: 10,
  callGraceMinutes: 10,
};

const hours = (n: number) => `${n} hour${n === 1 ? '' : 's'}`;
const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

/** GET /myprosper/api/sessionRules: the rules in force and the policy in words, as shown before paying. */
export const sessionRulesResponse = z.object({
  rules: sessionRules,
  policy: z.array(z.object({ title: z.string(), text: z.string() })),
});
export type SessionRulesResponse = z.infer<typeof sessionRulesResponse>;
/** The answer of GET /myprosper/api/sessionRules in the envelope of every answer. */
export const sessionRulesAnswer = envelope(sessionRulesResponse);

/** The policy people read before they pay (booking statement, voucher page), from the numbers the code uses. */
export function policyLines(rules: SessionRules): { title: string; text: string }[] {
  return [
    {
      title: 'Cancelling',
      text: `Cancel at least ${hours(rules.fullRefundHours)} before the start for a full refund. A later cancellation by you is not refunded; a cancellation by the mentor always is, in full.`,
    },
    {
      title: 'Moving a session',
      text: `A session can be moved at most ${rules.maxReschedules} times; you can move yours until ${hours(rules.rescheduleCutoffHours)} before it starts. If the mentor (or a group's host) moves it to, or from, a time less than ${hours(rules.fullRefundHours)} away, it moves only if you accept; decline and you are refunded in full. A proposed time not answered by the earlier of the two times lapses, and the session stays where it was. A session the mentor moved stays fully refundable until its original start.`,
    },
    {
      title: 'If the mentor does not come',
      text: `Someone attended if they were in the call at least ${minutes(rules.presenceMinutes)} between the start and the end (time before the start does not count). If the mentor is not in the call in its first ${minutes(rules.presenceMinutes)}, or does not attend, you are refunded in full and the session ends.`,
    },
    {
      title: 'Group sessions',
      text: `A group needs at least two paid attendees ${hours(rules.groupCutoffHours)} before the start (as soon as the host has paid, if it starts sooner). Otherwise the host pays the difference up to the individual price, or the session is cancelled and everyone is refunded in full: the host's choice until ${hours(rules.groupCoverPayHours)} before the start (or for ${hours(rules.groupCoverPayHours)} after being asked, if that is later, but never after the start), then it is cancelled. The call opens only once the price is covered; a top-up is not returned if invitees pay later.`,
    },
    {
      title: 'Holding a time',
      text: `An unpaid booking holds its time for a short while. You can hold at most ${rules.maxUnpaidHolds} unpaid times at once. Letting ${rules.lapsedHoldsBeforePause} holds lapse within ${hours(rules.lapseWindowHours)} pauses holding for ${hours(rules.lapsePauseHours)}.`,
    },
    {
      title: 'Rating',
      text: `Only attendees who paid (or whose place was paid) and attended, at least ${minutes(rules.presenceMinutes)} in the call, can rate a session, once.`,
    },
    {
      title: 'Vouchers',
      text: `If a voucher's mentor leaves or stops offering its topic, the voucher can book another mentor of that topic, or the buyer can have it refunded to their wallet.`,
    },
  ];
}
