import { z } from 'zod';
import { envelope } from './common.ts';
import { formatKes } from './payments.ts';
import { minPaidGroupAttendees } from './pricing.ts';

/**
 * A group session priced for its paid attendees (issue 20, "Groups"): at the cut-off, a group with fewer than
 * two paid attendees asks its host to cover the individual price, or it is cancelled with everyone refunded.
 * The rule is `groupCoverAmount` (pricing.ts) with the numbers of rules.ts; these are its requests, answers and
 * words.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const groupCoverStates = [
  /** Not a group, free, or its cut-off has not come yet. */
  'NOT_YET',
  /** Enough attendees had paid at the cut-off: nothing asked. */
  'NOT_NEEDED',
  /** The host is asked to pay `amount` by `dueBy`; the call stays closed until then. */
  'DUE',
  /** The host paid the difference. */
  'COVERED',
] as const;
export const groupCoverState = z.enum(groupCoverStates);
export type GroupCoverState = z.infer<typeof groupCoverState>;

/** GET /myprosper/api/groupCover/{sessionId} */
export const groupCover = z.object({
  sessionId: z.number().int(),
  state: groupCoverState,
  /** Asked of the host (DUE), or what the host paid (COVERED); integer KES. */
  amount: z.number().int(),
  paidAttendees: z.number().int(),
  /** ISO instant: unpaid by then, the session is cancelled and everyone refunded (DUE only). */
  dueBy: z.string().nullable(),
  /** What the caller reads on the session page; null when there is nothing to say. */
  text: z.string().nullable(),
  /** The caller is the host and may pay the difference now. */
  canPay: z.boolean(),
});
export type GroupCover = z.infer<typeof groupCover>;
export const groupCoverResponse = envelope(groupCover);

/** POST /myprosper/api/payGroupCover: the host pays the difference from their wallet. */
export const payGroupCoverRequest = z.object({ sessionId: id });
export type PayGroupCoverRequest = z.input<typeof payGroupCoverRequest>;
export const payGroupCoverResponse = envelope(groupCover);

const attendees = (n: number) => `${n} paid attendee${n === 1 ? '' : 's'}`;

export const groupCoverMessages = {
  onlyHost: 'Only the host of this group session can cover its price',
  notDue: 'Nothing is owed for this session',
  paid: 'Thank you: the session is confirmed',
  insufficientWallet: (balance: number, amount: number) =>
    `Your wallet balance of ${formatKes(balance)} does not cover ${formatKes(amount)}. Please top up your wallet first.`,
  /** The session page, for the host while the cover is due. */
  hostDue: (paid: number, amount: number) =>
    `Your group has ${attendees(paid)}: pay ${formatKes(amount)} more to keep the session, or cancel it for a full refund.`,
  /** The session page, for the mentor and invitees while the cover is due. */
  othersDue: (paid: number) =>
    `This group has ${attendees(paid)}, fewer than ${minPaidGroupAttendees}. The host is asked to cover the price; otherwise the session is cancelled and everyone refunded in full.`,
  covered: 'The host covered the price of this group session: it goes ahead.',
  /** Why the session was cancelled, as the cancellation notices say. */
  cancelledReason: `Fewer than ${minPaidGroupAttendees} attendees paid and the host did not cover the price in time`,
  /** E-mail and SMS to the host at the cut-off. */
  noticeSubject: 'Your group session needs more paid attendees',
  notice: (input: {
    topic: string;
    when: string;
    paid: number;
    amount: number;
    dueBy: string;
    link: string;
  }) =>
    `Your ${input.topic} group session on ${input.when} has ${attendees(input.paid)}. Pay ${formatKes(input.amount)} more by ${input.dueBy} to keep it, or cancel it for a full refund; unpaid by then, it is cancelled and everyone refunded. ${input.link}`,
} as const;
