import { z } from 'zod';
import { envelope, messageOnly } from './common.ts';
import { messages } from './messages.ts';

/**
 * Paying for sessions: the M-PESA phone rule of the spec, the requests and answers of the payment and
 * cancellation endpoints, and the money rules both sides show (what is left to pay by M-PESA, what a
 * cancellation gives back, what a mentor earns).
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** An integer amount of KES as people read it: 'KES 2,900'. */
export function formatKes(amount: number): string {
  return `KES ${amount.toLocaleString('en-KE')}`;
}

// ---- The mobile money phone (spec 5 and 3) ----

/** What people may type between the digits: '0712 123456', '0712-123-456'. */
function digitsOf(input: string): string {
  return input.trim().replace(/[\s-]/g, '');
}

/** The MSISDN M-PESA takes: 2547XXXXXXXX or 2541XXXXXXXX. */
export const mpesaMsisdnPattern = /^254[17]\d{8}$/;

/**
 * The spec's rule: a 10-digit local number has its leading 0 replaced by 254; otherwise 254 is prefixed.
 * Spaces and dashes are ignored (the placeholder itself is '0712 123456').
 */
export function normaliseMpesaPhone(input: string): string {
  const digits = digitsOf(input);
  return digits.length === 10 && digits.startsWith('0') ? `254${digits.slice(1)}` : `254${digits}`;
}

/**
 * The dialog's check (spec 5): empty gives 'Please fill in phone number'; a length other than 10 gives
 * 'Invalid phone number'. So does a 10-digit value that is not a Kenyan mobile number once normalised.
 * Answers null when the number is good.
 */
export function validateMpesaPhone(input: string): string | null {
  const digits = digitsOf(input);
  if (digits === '') return messages.fillPhone;
  if (digits.length !== 10 || !/^\d+$/.test(digits)) return messages.invalidPhoneNumber;
  if (!mpesaMsisdnPattern.test(normaliseMpesaPhone(digits))) return messages.invalidPhoneNumber;
  return null;
}

/**
 * What the server accepts: the normalised number the spec's browser sends (254 plus the number without its
 * leading zero), or the local form the dialog takes.
 */
export function parseMpesaPhone(input: string): { ok: true; phone: string } | { ok: false; message: string } {
  const digits = digitsOf(input).replace(/^\+/, '');
  if (mpesaMsisdnPattern.test(digits)) return { ok: true, phone: digits };
  const problem = validateMpesaPhone(input);
  if (problem) return { ok: false, message: problem };
  return { ok: true, phone: normaliseMpesaPhone(input) };
}

/** 254712123456 as people write it: 0712 123456. */
export function localPhoneOf(msisdn: string): string {
  const digits = msisdn.replace(/\D/g, '');
  if (!/^254\d{9}$/.test(digits)) return msisdn;
  return `0${digits.slice(3, 6)} ${digits.slice(6)}`;
}

// ---- Money rules ----

/** Spec 9: the mobile money amount is the share minus the wallet balance; 0 means Checkout Session instead. */
export function mobileMoneyAmount(share: number, walletBalance: number): number {
  return Math.max(0, share - Math.max(0, walletBalance));
}

/** Whether the wallet pays the whole share (Checkout Session is offered instead of M-PESA). */
export function walletCoversShare(share: number, walletBalance: number): boolean {
  return mobileMoneyAmount(share, walletBalance) === 0;
}

/**
 * A mentor's part of what was paid for a session: the platform keeps `percent` of it rounded DOWN to a whole
 * shilling (never more than the stated percentage), the mentor gets the rest.
 */
export function splitEarnings(paid: number, percent: number): { earnings: number; commission: number } {
  if (!Number.isSafeInteger(paid) || paid < 0) throw new RangeError(`paid must be a non-negative integer`);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new RangeError('percent must be an integer from 0 to 100');
  const commission = Math.floor((paid * percent) / 100);
  return { earnings: paid - commission, commission };
}

export type Canceller = 'ADVISEE' | 'ADVISOR';

/**
 * The cancellation policy: a mentor's cancellation, or a mentee's at least `fullRefundHours` before the
 * start (or before the original start of a session the mentor moved), gives every payer their money back in full. A mentee cancelling later loses their own share (the
 * mentor is paid for the hour they kept free); the other attendees, who did not cancel, are refunded.
 */
export function refundsInFull(
  by: Canceller,
  startsAt: Date,
  now: Date,
  fullRefundHours: number,
  /** A session the mentor moved stays fully refundable until its original start (issue 20). */
  movedByMentorFrom: Date | null = null,
): boolean {
  if (by === 'ADVISOR') return true;
  if (movedByMentorFrom && now < movedByMentorFrom) return true;
  return startsAt.getTime() - now.getTime() >= fullRefundHours * 3_600_000;
}

/** Until when a mentee's cancellation is refunded in full: the later of the usual limit and a mentor's move. */
export function fullRefundUntilOf(
  startsAt: Date,
  fullRefundHours: number,
  movedByMentorFrom: Date | null,
): Date {
  const usual = new Date(startsAt.getTime() - fullRefundHours * 3_600_000);
  return movedByMentorFrom && movedByMentorFrom > usual ? movedByMentorFrom : usual;
}

// ---- Daraja outcomes people read ----

/** Why an M-PESA payment did not go through, from Daraja's ResultCode (reference 1.5). */
export function mpesaFailureReason(resultCode: number | null): string {
  switch (resultCode) {
    case 1:
      return 'Your M-PESA balance was not enough for this payment.';
    case 1032:
      return 'The payment was cancelled on the phone.';
    case 1037:
      return 'The phone could not be reached in time. Please check it is on and try again.';
    case 2001:
      return 'The M-PESA PIN entered was wrong.';
    case 1019:
      return 'The payment request expired before it was completed.';
    case 1001:
      return 'Another M-PESA transaction was in progress on this phone. Please try again.';
    default:
      return 'M-PESA could not complete the payment. Please try again.';
  }
}

// ---- Requests and answers ----

export const paymentProviders = ['MPESA', 'CARD'] as const;
export const paymentProvider = z.enum(paymentProviders);
export type PaymentProvider = z.infer<typeof paymentProvider>;

/** EXPIRED: the provider never gave a final answer in time (its reason says so); a late success still applies. */
export const paymentAttemptStatuses = ['PENDING', 'SUCCEEDED', 'FAILED', 'EXPIRED'] as const;
export const paymentAttemptStatus = z.enum(paymentAttemptStatuses);
export type PaymentAttemptStatus = z.infer<typeof paymentAttemptStatus>;

/** One payment attempt as its payer sees it (the session page shows the latest). */
export const paymentAttempt = z.object({
  id: z.number().int(),
  provider: paymentProvider,
  status: paymentAttemptStatus,
  /** What was asked of the provider, integer KES. */
  amount: z.number().int(),
  /** 2547XXXXXXXX for M-PESA */
  phoneNumber: z.string().nullable(),
  /** Why it failed or expired, in words; null unless FAILED or EXPIRED. */
  reason: z.string().nullable(),
  /** What became of the money when it could not pay the session (kept in the wallet). */
  note: z.string().nullable(),
  /** The provider's receipt (M-PESA receipt number) once known. */
  receipt: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type PaymentAttempt = z.infer<typeof paymentAttempt>;

/**
 * POST /myprosper/api/makeMpesaPayment: the phone and the session to pay. The spec's {phoneNumber, amount,
 * adviseeID} is accepted too, but the amount is ignored: the server asks for what the caller still owes.
 */
export const makeMpesaPaymentRequest = z.object({
  phoneNumber: z.string().max(30).default(''),
  sessionId: id.optional(),
  adviseeID: id.optional(),
  amount: z.unknown().optional(),
});
export type MakeMpesaPaymentRequest = z.input<typeof makeMpesaPaymentRequest>;
export const makeMpesaPaymentResponse = envelope(paymentAttempt);

/** GET /myprosper/api/getLastPayment/{sessionId}: the caller's latest attempt for that session, or null. */
export const lastPaymentResponse = envelope(paymentAttempt.nullable());

/** POST /myprosper/api/checkoutSession: pay the caller's share from their wallet. */
export const checkoutSessionRequest = z.object({
  sessionId: id,
  adviseeId: id.optional(),
});
export type CheckoutSessionRequest = z.input<typeof checkoutSessionRequest>;
export const checkoutSessionResponse = messageOnly;

/** Where a refund of an M-PESA payment goes: the wallet at once, or back to M-PESA (issue 21). */
export const refundDestination = z.enum(['WALLET', 'MPESA']);
export type RefundDestination = z.infer<typeof refundDestination>;

/** POST /myprosper/api/cancelSession */
export const cancelSessionRequest = z.object({
  sessionId: id,
  reason: z.string().trim().max(500, 'Please keep the reason under 500 characters').default(''),
  /** The caller's choice for their refund of an M-PESA payment; their saved choice when absent. */
  refundTo: refundDestination.optional(),
});
export type CancelSessionRequest = z.input<typeof cancelSessionRequest>;

export const cancellationResult = z.object({
  /** Paid back to the caller's wallet, integer KES. */
  refundedToYou: z.number().int(),
  /** Paid back to everyone's wallets. */
  refundedTotal: z.number().int(),
  /** Kept because the caller cancelled late. */
  forfeited: z.number().int(),
  /** Of refundedToYou, what is on its way to the caller's M-PESA (the rest is in their wallet). */
  toMpesa: z.number().int().optional(),
});
export type CancellationResult = z.infer<typeof cancellationResult>;
export const cancelSessionResponse = envelope(cancellationResult);

/** GET /myprosper/api/cancellationPolicy/{sessionId}: what cancelling now would mean for the caller. */
export const cancellationPolicy = z.object({
  canCancel: z.boolean(),
  /** Why not, when canCancel is false. */
  problem: z.string().nullable(),
  fullRefund: z.boolean(),
  /** What the caller has paid for this session, and what of it would come back to their wallet. */
  paid: z.number().int(),
  refund: z.number().int(),
  /** ISO instant until which a mentee's cancellation is refunded in full. */
  fullRefundUntil: z.string(),
  fullRefundHours: z.number().int(),
  /** The policy in words, shown before confirming. */
  text: z.string(),
  /**
   * The part of the caller's refund that can go back to M-PESA (their share paid by M-PESA from their verified
   * number), and where it goes unless they choose otherwise; null when it all goes to the wallet.
   */
  mpesaRefund: z
    .object({ amount: z.number().int(), phoneNumber: z.string(), destination: refundDestination })
    .nullable()
    .default(null),
  /** Where the refund goes when that is not M-PESA's choice to make (a card payment: the wallet), in words. */
  refundNote: z.string().nullable().default(null),
});
export type CancellationPolicy = z.infer<typeof cancellationPolicy>;
export const cancellationPolicyResponse = envelope(cancellationPolicy);

/** M-PESA's callback (reference 1.4); unknown fields are ignored, items are found by name. */
export const mpesaCallbackBody = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().max(100),
      CheckoutRequestID: z.string().max(100),
      ResultCode: z.coerce.number().int(),
      ResultDesc: z.string().max(500).default(''),
      CallbackMetadata: z
        .object({
          Item: z
            .array(
              z.object({
                Name: z.string().max(100),
                Value: z.union([z.string().max(100), z.number()]).optional(),
              }),
            )
            .max(20),
        })
        .optional(),
    }),
  }),
});
export type MpesaCallbackBody = z.infer<typeof mpesaCallbackBody>;
export const mpesaCallbackAnswer = z.object({ ResultCode: z.number().int(), ResultDesc: z.string() });

export const paymentMessages = {
  promptPending:
    'A payment prompt for this is still waiting on the phone. Please answer it, or ask again in a few minutes once it has ended.',
  tooManyPrompts: (perHour: number) =>
    `This number has had ${perHour} M-PESA payment prompt${perHour === 1 ? '' : 's'} in the last hour. Please try again later, or pay another way.`,
  initiated: 'Payment initiation successful. Please refresh the page after making payment.',
  checkoutSuccessful: 'Session checkout successful',
  cancelled: 'Session cancelled',
  useCheckout: 'Your wallet balance covers this session. Please use Checkout Session.',
  insufficientWallet: (balance: number, share: number) =>
    `Your wallet balance of ${formatKes(balance)} does not cover your share of ${formatKes(share)}. Please pay with M-PESA.`,
  alreadyPaid: 'You have already paid for this session',
  payForYourself: 'You can only pay for yourself',
  onlyMentees: 'Only mentees pay for sessions',
  chooseSession: 'Please choose the session to pay for',
  expired: 'This booking has expired. Please book again.',
  notPayable: 'This session can no longer be paid for',
  hostFirst: 'The host has not paid for this session yet. You can pay your share once they have.',
  mpesaUnavailable: 'M-PESA could not be reached. Please try again in a moment.',
  mpesaNoAnswer:
    'M-PESA did not answer in time. If a prompt reaches your phone, complete it and refresh this page; if none comes, please try again in a moment.',
  mpesaRefused: 'M-PESA did not accept the payment request. Please check the phone number and try again.',
  slotTakenKept:
    'The slot was taken before your payment arrived, so the money was kept in your wallet. Please book another slot.',
  notPaidKept: 'The session could not be paid when the money arrived, so it was kept in your wallet.',
  alreadyPaidKept: 'Your share was already paid, so this payment was kept in your wallet.',
  /** Why a payment expired (issue 25): the provider never gave a final answer in time. */
  mpesaExpired: (minutes: number) =>
    `M-PESA gave no answer within ${durationText(minutes)}, so this payment was closed. If M-PESA took the money after all, it reaches your MyProsper wallet as soon as M-PESA confirms it, and pays for the session if it still can.`,
  cardExpired: (minutes: number) =>
    `The card checkout was not completed within ${durationText(minutes)}, so it was closed. If the card was charged after all, the money reaches your MyProsper wallet as soon as the card provider confirms it, and pays for what it was for if it still can.`,
  /** A success that came after the payment had expired: applied all the same. */
  lateSuccess:
    'This payment was confirmed after it had been closed for no answer; it was applied all the same.',
  cancelNotAllowed: 'Only the person who booked the session or its mentor can cancel it',
  cancelInactive: 'This session can no longer be cancelled',
  giveReason: messages.reasonRequired,
  walletOwnOnly: 'You can only see your own wallet',
} as const;

/** '60 minutes', '2 hours', '1 hour 30 minutes'. */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = hours > 0 ? `${hours} hour${hours === 1 ? '' : 's'}` : '';
  const m = rest > 0 || hours === 0 ? `${rest} minute${rest === 1 ? '' : 's'}` : '';
  return [h, m].filter(Boolean).join(' ');
}

/** The policy in words, as the cancel dialog shows it. */
export function cancellationPolicyText(options: {
  by: Canceller;
  fullRefund: boolean;
  paid: number;
  refund: number;
  fullRefundHours: number;
}): string {
  const hours = `${options.fullRefundHours} hour${options.fullRefundHours === 1 ? '' : 's'}`;
  if (options.by === 'ADVISOR') {
    return 'Every mentee who has paid gets their payment back in full: to their MyProsper wallet, and a share paid with a gift voucher back to that voucher, which can be used again.';
  }
  const rule = `Cancelling at least ${hours} before the start refunds your payment in full to your MyProsper wallet; later cancellations are not refunded.`;
  if (options.paid === 0) return `${rule} You have not paid for this session, so nothing is charged.`;
  if (options.fullRefund) return `${rule} You will get ${formatKes(options.refund)} back to your wallet.`;
  return `${rule} It is less than ${hours} before the start, so your payment of ${formatKes(options.paid)} will not be refunded.`;
}
