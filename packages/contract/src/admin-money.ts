import { z } from 'zod';
import { adminDate, adminPage, adminPageQuery, adminSearchText } from './admin.ts';
import { payoutMethod } from './advisor-settings.ts';
import { callSummary } from './calls.ts';
import { envelope, idParam } from './common.ts';
import { paymentAttemptStatus, paymentProvider } from './payments.ts';
import { bookingStatus, callStatus, invitationStatus, paymentStatus, sessionType } from './sessions.ts';

/** The admin console's money screens: sessions, payments, refunds, vouchers and payouts. */

export const adminMoneyMessages = {
  sessionNotFound: 'This session was not found',
  sessionCancelled: 'Session cancelled; every paid share was refunded in full',
  paymentNotFound: 'This payment was not found',
  notMpesa: 'Only M-PESA payments can be queried',
  notPending: 'This payment is no longer pending',
  queried: 'M-PESA was asked about the payment',
  noShowsChanged: 'No-show decision changed',
  noCallYet: 'This session has no call record yet',
  noShowTooEarly: (minutes: number) =>
    `A mentor can be marked as not coming only from ${minutes} minutes after the start of the session`,
  noShowAlreadyRefunded:
    'The mentees were already refunded for the mentor not coming, so the mentor cannot be marked present',
  noShowPaidOut:
    "The mentor's earnings for this session were already paid out of their wallet, so the mentees cannot be refunded from them",
  mentorNotFound: 'This mentor was not found',
  payoutRecorded: 'Payout recorded',
  payoutOverBalance: (owed: string) => `The payout is more than the mentor is owed (${owed})`,
  nothingOwed: 'This mentor is owed nothing',
  duplicatePayoutReference: 'A payout with this reference was already recorded',
  giveAmount: 'Please enter an amount of at least KES 1',
  giveReference: 'Please enter the reference of the transfer',
  referenceTooLong: 'Please keep the reference under 100 characters',
  voucherNotFound: 'This voucher was not found',
  giveReason: 'Please say why (at least 3 characters)',
  voucherNotRefundable: 'Only a paid voucher that has not been used can be cancelled and refunded',
  voucherRefunded: (amount: string, buyer: string) =>
    `Voucher cancelled. ${amount} went back to ${buyer}'s MyProsper wallet.`,
  voucherNotReassignable: 'Only a voucher that has not been used can be given to another mentor',
  voucherSameMentor: 'This voucher is already for this mentor',
  voucherMentorNotGiving: 'This mentor does not give sessions on the voucher’s program',
  voucherReassigned: (mentor: string) => `The voucher is now for sessions with ${mentor}`,
  voucherNotExtendable: 'Only a paid voucher that has not been used can be extended',
  voucherCoversPrice: (amount: string) =>
    `This voucher (${amount}) already pays for a session at today's price; there is nothing to extend`,
  voucherExtended: (amount: string) => `The voucher now pays ${amount}, today's price`,
} as const;

// ---- Sessions ----

export const adminSessionQuery = adminPageQuery.extend({
  /** A mentee (host or attendee): name, e-mail or phone; or the session reference. */
  person: adminSearchText,
  /** The mentor's name or e-mail. */
  mentor: adminSearchText,
  mentorId: idParam.optional(),
  /** A mentee's id: sessions they host or attend. */
  adviseeId: idParam.optional(),
  /** Sessions starting on or after this date and on or before `to` (platform time zone). */
  from: adminDate.optional(),
  to: adminDate.optional(),
  status: bookingStatus.optional(),
});
export type AdminSessionQuery = z.input<typeof adminSessionQuery>;

const person = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const adminSessionSummary = z.object({
  id: z.number().int(),
  reference: z.string(),
  sessionType,
  /** As people see it: an unpaid hold past its time is EXPIRED. */
  status: bookingStatus,
  paymentStatus,
  callStatus,
  /** ISO instants (UTC) */
  startsAt: z.string(),
  endsAt: z.string(),
  amount: z.number().int(),
  topic: z.object({ id: z.number().int(), name: z.string() }),
  mentor: person,
  host: person,
  /** Mentees, the host included. */
  attendeeCount: z.number().int(),
});
export type AdminSessionSummary = z.infer<typeof adminSessionSummary>;
export const adminSessionPage = adminPage(adminSessionSummary);
export type AdminSessionPage = z.infer<typeof adminSessionPage>;
export const adminSessionPageResponse = envelope(adminSessionPage);

export const adminPayment = z.object({
  id: z.number().int(),
  provider: paymentProvider,
  status: paymentAttemptStatus,
  amount: z.number().int(),
  phoneNumber: z.string().nullable(),
  payer: person,
  session: z.object({ id: z.number().int(), reference: z.string() }).nullable(),
  merchantRequestId: z.string().nullable(),
  checkoutRequestId: z.string().nullable(),
  /** The provider's receipt (M-PESA receipt number). */
  providerReference: z.string().nullable(),
  resultCode: z.number().int().nullable(),
  resultDesc: z.string().nullable(),
  failureReason: z.string().nullable(),
  outcomeNote: z.string().nullable(),
  /** Integer KES given back of it so far (operators' refunds, and sendings back to M-PESA). */
  refunded: z.number().int(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** When it was closed for no answer (kept when a late success followed). */
  expiredAt: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPayment>;

export const adminSessionDetails = adminSessionSummary.extend({
  participants: z.array(
    z.object({
      id: z.number().int(),
      adviseeId: z.number().int().nullable(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      phoneNumber: z.string().nullable(),
      amount: z.number().int(),
      invitationStatus,
      paymentStatus,
      isHost: z.boolean(),
    }),
  ),
  payments: z.array(adminPayment),
  cancellation: z
    .object({
      by: z.object({ id: z.number().int(), name: z.string(), role: z.string() }),
      reason: z.string(),
      fullRefund: z.boolean(),
      refunded: z.number().int(),
      forfeited: z.number().int(),
      at: z.string(),
    })
    .nullable(),
  settlement: z
    .object({
      paid: z.number().int(),
      earnings: z.number().int(),
      commission: z.number().int(),
      at: z.string(),
    })
    .nullable(),
  /** What the session's escrow holds now, integer KES. */
  escrow: z.number().int(),
  /** Whether an admin can cancel it now (it holds its slot and has not started). */
  canCancel: z.boolean(),
  /** Who came to the call and the no-show decisions; null before the call was touched. */
  call: callSummary.nullable(),
});
export type AdminSessionDetails = z.infer<typeof adminSessionDetails>;
export const adminSessionDetailsResponse = envelope(adminSessionDetails);

/** POST /myprosper/api/admin/sessions/{id}/cancel: a cancellation for the platform, refunding in full. */
export const adminCancelSessionRequest = z.object({
  reason: z.string().max(2000).optional(),
});
export type AdminCancelSessionRequest = z.input<typeof adminCancelSessionRequest>;
export const adminCancelSessionResponse = envelope(
  z.object({ refundedTotal: z.number().int(), forfeited: z.number().int() }),
);

/** PUT /myprosper/api/admin/sessions/{id}/no-shows */
export const adminNoShowRequest = z.object({
  people: z
    .array(z.object({ userId: idParam, noShow: z.boolean() }))
    .min(1)
    .max(10),
});
export type AdminNoShowRequest = z.input<typeof adminNoShowRequest>;
export const adminNoShowResponse = envelope(callSummary);

// ---- Payments and refunds ----

export const adminPaymentQuery = adminPageQuery.extend({
  status: paymentAttemptStatus.optional(),
  provider: paymentProvider.optional(),
  /** Receipt, checkout request id, phone, payer name or e-mail, or session reference. */
  query: adminSearchText,
});
export type AdminPaymentQuery = z.input<typeof adminPaymentQuery>;
export const adminPaymentPage = adminPage(adminPayment);
export type AdminPaymentPage = z.infer<typeof adminPaymentPage>;
export const adminPaymentPageResponse = envelope(adminPaymentPage);

/** POST /myprosper/api/admin/payments/{id}/query: Daraja's answer, and where the payment stands now. */
export const adminPaymentQueryResult = z.object({
  /** What Daraja said: still PENDING, or the final SUCCEEDED/FAILED it applied; UNAVAILABLE when it did not answer. */
  outcome: z.enum(['PENDING', 'SUCCEEDED', 'FAILED', 'UNAVAILABLE']),
  payment: adminPayment,
});
export type AdminPaymentQueryResult = z.infer<typeof adminPaymentQueryResult>;
export const adminPaymentQueryResponse = envelope(adminPaymentQueryResult);

export const adminRefund = z.object({
  transactionId: z.number().int(),
  session: z.object({ id: z.number().int(), reference: z.string() }).nullable(),
  amount: z.number().int(),
  memo: z.string(),
  /** Whose wallets (or the voucher account) got the money. */
  to: z.array(z.object({ name: z.string(), amount: z.number().int() })),
  createdAt: z.string(),
});
export type AdminRefund = z.infer<typeof adminRefund>;
export const adminRefundPage = adminPage(adminRefund);
export type AdminRefundPage = z.infer<typeof adminRefundPage>;
export const adminRefundPageResponse = envelope(adminRefundPage);

// ---- Payouts ----

export const payoutMethodDetails = z.object({
  method: payoutMethod,
  mpesaPhoneNumber: z.string().nullable(),
  bankName: z.string().nullable(),
  branch: z.string().nullable(),
  accountName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  paypalEmail: z.string().nullable(),
});
export type PayoutMethodDetails = z.infer<typeof payoutMethodDetails>;

/** One line of a payout method, as a person reads it: 'M-PESA 254712345678'. */
export function describePayoutMethod(method: PayoutMethodDetails | null): string {
  if (!method) return 'No payout method';
  switch (method.method) {
    case 'MPESA':
      return `M-PESA ${method.mpesaPhoneNumber ?? ''}`.trim();
    case 'BANK':
      return [
        'Bank',
        method.bankName,
        method.branch,
        method.accountName,
        method.accountNumber && `account ${method.accountNumber}`,
      ]
        .filter(Boolean)
        .join(', ');
    case 'PAYPAL':
      return `PayPal ${method.paypalEmail ?? ''}`.trim();
  }
}

export const adminPayoutQuery = z.object({
  query: adminSearchText,
  /** Only mentors owed something (default) or every mentor. */
  owed: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});
export type AdminPayoutQuery = z.input<typeof adminPayoutQuery>;

export const mentorOwed = z.object({
  mentor: person.extend({ phoneNumber: z.string().nullable(), status: z.string() }),
  /** Their wallet balance: what they are owed, integer KES. */
  balance: z.number().int(),
  /** Their preferred payout method (or their only one). */
  method: payoutMethodDetails.nullable(),
  lastPayout: z.object({ amount: z.number().int(), reference: z.string(), paidAt: z.string() }).nullable(),
  paidOutTotal: z.number().int(),
});
export type MentorOwed = z.infer<typeof mentorOwed>;
export const mentorsOwedResponse = envelope(z.array(mentorOwed));

/** POST /myprosper/api/admin/payouts: money sent to a mentor outside the app, recorded against their wallet. */
export const payoutRequest = z.object({
  mentorId: idParam,
  amount: z.coerce
    .number({ error: adminMoneyMessages.giveAmount })
    .int(adminMoneyMessages.giveAmount)
    .min(1, adminMoneyMessages.giveAmount)
    .max(100_000_000),
  reference: z
    .string({ error: adminMoneyMessages.giveReference })
    .max(200)
    .transform((text) => text.trim())
    .pipe(z.string().min(1, adminMoneyMessages.giveReference).max(100, adminMoneyMessages.referenceTooLong)),
});
export type PayoutRequest = z.input<typeof payoutRequest>;

export const payoutRecord = z.object({
  id: z.number().int(),
  mentor: z.object({ id: z.number().int(), name: z.string() }),
  amount: z.number().int(),
  method: payoutMethod.nullable(),
  /** The payout method as it was when paid. */
  details: z.string(),
  reference: z.string(),
  paidBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  paidAt: z.string(),
  /** The mentor's balance after it. */
  balanceAfter: z.number().int().nullable(),
});
export type PayoutRecord = z.infer<typeof payoutRecord>;
export const payoutResponse = envelope(payoutRecord);
export const payoutHistoryQuery = adminPageQuery.extend({ mentorId: idParam.optional() });
export type PayoutHistoryQuery = z.input<typeof payoutHistoryQuery>;
export const payoutHistoryPage = adminPage(payoutRecord);
export type PayoutHistoryPage = z.infer<typeof payoutHistoryPage>;
export const payoutHistoryResponse = envelope(payoutHistoryPage);

// ---- Vouchers ----

export const adminVoucherStatuses = ['PENDING_PAYMENT', 'ACTIVE', 'REDEEMED', 'REFUNDED'] as const;
export const adminVoucherStatus = z.enum(adminVoucherStatuses);

export const adminVoucherQuery = adminPageQuery.extend({
  status: adminVoucherStatus.optional(),
  /** Reference, buyer or recipient (name, e-mail or phone). */
  query: adminSearchText,
});
export type AdminVoucherQuery = z.input<typeof adminVoucherQuery>;

/** A gift voucher and where it stands (its code is never stored, so never shown). */
export const adminVoucher = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: adminVoucherStatus,
  amount: z.number().int(),
  paymentMode: z.string(),
  buyer: person,
  recipient: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  topic: z.object({ id: z.number().int(), name: z.string() }),
  mentor: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  redeemedSession: z.object({ id: z.number().int(), reference: z.string() }).nullable(),
});
export type AdminVoucher = z.infer<typeof adminVoucher>;
export const adminVoucherPage = adminPage(adminVoucher);
export type AdminVoucherPage = z.infer<typeof adminVoucherPage>;
export const adminVoucherPageResponse = envelope(adminVoucherPage);

/** Why an operator acts on a voucher: kept in the audit log. */
const voucherActionReason = z.string().trim().min(3, adminMoneyMessages.giveReason).max(500);

export const adminVoucherRefundRequest = z.object({ reason: voucherActionReason });
export type AdminVoucherRefundRequest = z.infer<typeof adminVoucherRefundRequest>;

export const adminVoucherReassignRequest = z.object({ mentorId: idParam, reason: voucherActionReason });

/** POST /myprosper/api/admin/vouchers/{id}/extend: raise an unused voucher to today's price (audited). */
export const adminVoucherExtendRequest = z.object({ reason: voucherActionReason });
export type AdminVoucherExtendRequest = z.infer<typeof adminVoucherExtendRequest>;
export type AdminVoucherReassignRequest = z.input<typeof adminVoucherReassignRequest>;

/** One step in a voucher's life: from its own record (bought, paid, sent, redeemed) or an admin's action. */
export const adminVoucherEvent = z.object({
  at: z.string(),
  what: z.string(),
  /** The admin who acted, for actions. */
  by: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AdminVoucherEvent = z.infer<typeof adminVoucherEvent>;

/** A voucher, its history, and what an operator may do with it now. */
export const adminVoucherDetails = adminVoucher.extend({
  refundedAt: z.string().nullable(),
  history: z.array(adminVoucherEvent),
  /** Cancel and refund to the buyer's wallet: a paid voucher not used yet. */
  canRefund: z.boolean(),
  /** Give it to another active mentor of its program: not used yet. */
  canReassign: z.boolean(),
  /** Today's price of a session it pays for (INDIVIDUAL), integer KES. */
  currentPrice: z.number().int(),
  /** What MyProsper added to it by extending it, integer KES. */
  toppedUp: z.number().int(),
  /** Raise it to today's price: paid, unused, and worth less than a session now. */
  canExtend: z.boolean(),
  mentorsOfProgram: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AdminVoucherDetails = z.infer<typeof adminVoucherDetails>;
export const adminVoucherDetailsResponse = envelope(adminVoucherDetails);
