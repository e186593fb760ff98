import { z } from 'zod';
import { callRole } from './calls.ts';
import { envelope, idParam } from './common.ts';
import { messages } from './messages.ts';
import { formatKes } from './payments.ts';

/**
 * Mentors paid to M-PESA (issue 21): a session's earnings are pending until PAYOUT_HOLD_HOURS after its end
 * (or while a mentee's dispute holds them), then payable; a payout run sends a mentor's payable balance to
 * their verified M-PESA number (in flight) until M-PESA answers (paid, or back to payable with the reason).
 */

export const payoutStatuses = ['IN_FLIGHT', 'PAID', 'FAILED'] as const;
export const payoutStatus = z.enum(payoutStatuses);
export type PayoutStatus = z.infer<typeof payoutStatus>;

export const disputeStatuses = ['OPEN', 'RELEASED', 'REFUNDED'] as const;
export const disputeStatus = z.enum(disputeStatuses);
export type DisputeStatus = z.infer<typeof disputeStatus>;

export const payoutMessages = {
  disputeOpened: 'Thank you. The mentor will not be paid for this session until we have looked into it.',
  disputeReasonMissing: messages.disputeReasonMissing,
  disputeReasonTooLong: messages.disputeReasonTooLong,
  disputeNotYours: 'Only a mentee who paid for this session can dispute it',
  disputeNotEnded: 'A session can be disputed only after it has ended',
  disputeTooLate: (hours: number) => `A session can be disputed only within ${hours} hours of its end`,
  disputeAlreadyOpen: 'This session has already been disputed',
  disputeAlreadySettled: 'The mentor has already been paid for this session',
  disputeNotFound: 'This dispute was not found',
  disputeDecided: 'This dispute has already been decided',
  disputeReleased: 'The earnings were released to the mentor',
  disputeRefunded: 'The mentees were refunded the way they paid',
  runStarted: (count: number) =>
    count === 1
      ? 'Payout run done: 1 mentor was sent their earnings'
      : `Payout run done: ${count} mentors were sent their earnings`,
  payoutNumberNotVerified:
    'Please verify this M-PESA number first: we send your earnings only to a number you have proven is yours',
  /** The SMS and e-mail of a paid payout: our words, the amount and the receipt. */
  paidSubject: 'MyProsper: your earnings were sent to M-PESA',
  paidText: (amount: number, receipt: string) =>
    `MyProsper: ${formatKes(amount)} of your earnings was sent to your M-PESA. M-PESA receipt ${receipt}.`,
  failedSubject: 'MyProsper: your payout did not go through',
  failedText: (amount: number, reason: string) =>
    `MyProsper: we could not send ${formatKes(amount)} to your M-PESA: ${reason} The money is back in your MyProsper balance and goes out with the next payout.`,
} as const;

// ---- The mentor's earnings (their wallet page) ----

export const mentorPayout = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  status: payoutStatus,
  /** 2547XXXXXXXX masked: '•••• 5678' */
  phoneNumber: z.string(),
  receipt: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** ISO instants */
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type MentorPayout = z.infer<typeof mentorPayout>;

/** One session whose earnings are pending: in its hold after the end, or held by a mentee's dispute. */
export const pendingEarning = z.object({
  sessionId: z.number().int(),
  reference: z.string(),
  /** KES after commission. */
  amount: z.number().int(),
  /** ISO instants: the session's end, and when the hold is over (null while a dispute holds it). */
  endedAt: z.string(),
  payableAt: z.string().nullable(),
  disputed: z.boolean(),
});
export type PendingEarning = z.infer<typeof pendingEarning>;

export const mentorEarnings = z.object({
  /** Earned from sessions still in their hold, or disputed (KES, after commission). */
  pending: z.number().int(),
  /** The sessions behind `pending`, the earliest end first. */
  pendingSessions: z.array(pendingEarning).default([]),
  /** The wallet balance: goes out with the next payout run. */
  payable: z.number().int(),
  /** Sent to M-PESA, not answered yet. */
  inFlight: z.number().int(),
  /** Paid out so far (M-PESA and bank). */
  paid: z.number().int(),
  /** Where the next payout goes: 'MPESA' to a verified number, 'BANK' by transfer, or null (none set). */
  payoutMethod: z.enum(['MPESA', 'BANK', 'PAYPAL']).nullable(),
  holdHours: z.number().int(),
  minimum: z.number().int(),
  payouts: z.array(mentorPayout),
});
export type MentorEarnings = z.infer<typeof mentorEarnings>;
/** GET /myprosper/api/payouts/earnings */
export const mentorEarningsResponse = envelope(mentorEarnings);

// ---- Disputes ----

export const disputeRequest = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { message: payoutMessages.disputeReasonMissing, abort: true })
    .max(1000, payoutMessages.disputeReasonTooLong),
});
export type DisputeRequest = z.input<typeof disputeRequest>;
export const disputeParams = z.object({ id: idParam });

/** A session's dispute as the mentee sees it (null when none). */
export const sessionDisputeView = z.object({
  status: disputeStatus,
  reason: z.string(),
  openedAt: z.string(),
});
export const disputeState = z.object({
  dispute: sessionDisputeView.nullable(),
  /** Whether the caller may open one now, and until when (ISO; null once the window is over). */
  canDispute: z.boolean(),
  disputeUntil: z.string().nullable(),
});
export type DisputeState = z.infer<typeof disputeState>;
/** GET/POST /myprosper/api/sessions/{id}/dispute */
export const disputeStateResponse = envelope(disputeState);

/** One page's time in the session's call, from the call's JOINED and LEFT records (ISO instants). */
export const presenceStint = z.object({ joinedAt: z.string(), leftAt: z.string().nullable() });
export type PresenceStint = z.infer<typeof presenceStint>;

/**
 * A person expected in a disputed session's call (the mentor, and every attendee whose place was paid) and
 * the call's presence records of them: each join and leave, and the seconds the presence rule counts (in the
 * call between the session's start and its end).
 */
export const presenceRecord = z.object({
  userId: z.number().int(),
  name: z.string(),
  role: callRole,
  secondsInSession: z.number().int(),
  stints: z.array(presenceStint),
});
export type PresenceRecord = z.infer<typeof presenceRecord>;

export const adminDispute = z.object({
  id: z.number().int(),
  status: disputeStatus,
  reason: z.string(),
  openedAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  session: z.object({
    id: z.number().int(),
    reference: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    amount: z.number().int(),
  }),
  mentor: z.object({ id: z.number().int(), name: z.string() }),
  openedBy: z.object({ id: z.number().int(), name: z.string() }),
  /** Who was in the session's call and when (issue 25): the mentor first, then the attendees. */
  presence: z.array(presenceRecord),
});
export type AdminDispute = z.infer<typeof adminDispute>;
/** GET /myprosper/api/admin/disputes */
export const adminDisputesResponse = envelope(z.array(adminDispute));
export const adminDisputeParams = z.object({ id: idParam });
export const decideDisputeRequest = z.object({
  decision: z.enum(['RELEASE', 'REFUND']),
  note: z.string().trim().max(1000).optional(),
});
export type DecideDisputeRequest = z.input<typeof decideDisputeRequest>;
export const decideDisputeResponse = envelope(adminDispute);

// ---- Payout runs (admin) ----

export const payoutRunRequest = z.object({
  /** A key the page makes once per press: the same key twice starts one run. */
  runKey: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/)
    .optional(),
});
export const adminPayoutRun = z.object({
  id: z.number().int(),
  trigger: z.enum(['SCHEDULE', 'ADMIN']),
  minimum: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  startedBy: z.string().nullable(),
  payouts: z.number().int(),
  paid: z.number().int(),
  failed: z.number().int(),
  inFlight: z.number().int(),
  /** KES sent (all statuses). */
  amount: z.number().int(),
});
export type AdminPayoutRun = z.infer<typeof adminPayoutRun>;
/** POST /myprosper/api/admin/payoutRuns */
export const adminPayoutRunResponse = envelope(adminPayoutRun);

export const adminMpesaPayout = mentorPayout.extend({
  runId: z.number().int(),
  mentor: z.object({ id: z.number().int(), name: z.string() }),
});
export type AdminMpesaPayout = z.infer<typeof adminMpesaPayout>;
/** GET /myprosper/api/admin/payoutRuns: the latest runs and their payouts. */
export const adminPayoutRunsResponse = envelope(
  z.object({ runs: z.array(adminPayoutRun), payouts: z.array(adminMpesaPayout) }),
);
