import { z } from 'zod';
import { envelope, messageOnly } from './common.ts';
import { messages } from './messages.ts';
import { paymentAttempt } from './payments.ts';
import { validateEmail, validateFullName, validatePhone, validateRequired } from './validation.ts';

/**
 * Gift vouchers (spec 2.13, 3, 4, 5): the purchase payload and its rules with the spec's messages, the
 * voucher code's form, and the shapes of the voucher endpoints. A voucher pays one session with the mentor
 * and program it was bought for; it is priced as an INDIVIDUAL session.
 */

const id = z.number().int().positive().max(2_147_483_647);

export const voucherPaymentModes = ['CARD', 'MPESA'] as const;
export const voucherPaymentMode = z.enum(voucherPaymentModes);
export type VoucherPaymentMode = z.infer<typeof voucherPaymentMode>;

/** PENDING_PAYMENT until paid; ACTIVE once paid (its code sent); REDEEMED once it paid a session. */
export const voucherStatuses = ['PENDING_PAYMENT', 'ACTIVE', 'REDEEMED', 'REFUNDED'] as const;
export const voucherStatus = z.enum(voucherStatuses);
export type VoucherStatus = z.infer<typeof voucherStatus>;

export const voucherStatusLabels: Record<VoucherStatus, string> = {
  PENDING_PAYMENT: 'Awaiting payment',
  ACTIVE: 'Not used yet',
  REDEEMED: 'Used',
  REFUNDED: 'Refunded to your wallet',
};

export const voucherNoteMaxLength = 500;

export const voucherMessages = {
  noteTooLong: `Please keep the note under ${voucherNoteMaxLength} characters`,
  invalidCode: 'Invalid voucher code',
  alreadyUsed: 'This voucher has already been used',
  otherMentorOrProgram: 'This voucher is for another mentor or program',
  enterCode: 'Please enter the voucher code',
  notEnough: (amount: string, share: string) =>
    `This voucher covers ${amount}, less than your share of ${share}`,
  redeemed: 'Voucher redeemed. Your session is paid.',
  notFound: 'This voucher was not found',
  notPending: 'This voucher has already been paid for',
  onlyYours: 'You can only see the vouchers you bought',
  mentorNotFound: 'This mentor was not found',
  topicNotOffered: 'This mentor does not give sessions on this program',
  otherProgram: 'This voucher is for another program',
  refunded: 'The voucher was refunded to your wallet',
  mentorStillGives:
    'The mentor of this voucher still gives sessions on its program, so it cannot be refunded. The recipient can book them with it.',
  notRefundable: 'Only a paid voucher that has not been used can be refunded',
} as const;

// ---- The purchase payload (spec 3) and its rules (spec 5) ----

/** A field the browser may leave empty or send as a number or a string (the step-2 selects). */
const loose = z.union([z.number(), z.string().max(40)]).nullish();

/**
 * POST /myprosper/api/createVoucher — the spec's purchase payload. `amount` is ignored (the server prices the
 * voucher as an INDIVIDUAL session); `adviseeId`, when sent, must be the caller. Every rule of spec 5 is
 * checked by `validateVoucherPurchase`, so the spec's messages come back rather than schema errors.
 */
export const createVoucherRequest = z.object({
  adviseeId: loose,
  recipientPhoneNumber: z.string().max(40).nullish(),
  recipientName: z.string().max(120).nullish(),
  recipientEmail: z.string().max(254).nullish(),
  topicId: loose,
  advisorId: loose,
  amount: z.unknown().optional(),
  paymentMode: voucherPaymentMode,
  /** MPESA only: the phone that gets the PIN prompt (0712 123456 or 254712123456). */
  mpesaPhoneNumber: z.string().max(40).nullish(),
  recipientNote: z.string().max(2000).nullish(),
});
export type CreateVoucherRequest = z.input<typeof createVoucherRequest>;

/** A positive id from a select's value ('12', 12), or null. */
export function toId(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Number.isSafeInteger(number) && number > 0 && number <= 2_147_483_647 ? number : null;
}

export interface VoucherRecipientInput {
  recipientName?: string | null;
  recipientEmail?: string | null;
  recipientPhoneNumber?: string | null;
}

/**
 * Step 1 (spec 5): all three required ('Please fill all fields'); a full name of two words or more ('Please
 * enter your full name'); the e-mail pattern ('Invalid email'); a valid phone ('Invalid Phone No').
 */
export function validateVoucherRecipient(input: VoucherRecipientInput): string | null {
  const name = input.recipientName ?? '';
  const email = input.recipientEmail ?? '';
  const phone = input.recipientPhoneNumber ?? '';
  return (
    validateRequired(name, email, phone) ??
    validateFullName(name) ??
    validateEmail(email) ??
    validatePhone(phone)
  );
}

export interface VoucherDetailsInput {
  topicId?: unknown;
  advisorId?: unknown;
  recipientNote?: string | null;
}

/** Step 2 (spec 5): program, mentor and note all required ('Please fill all fields'). */
export function validateVoucherDetails(input: VoucherDetailsInput): string | null {
  if (toId(input.topicId) === null || toId(input.advisorId) === null) return messages.fillAllFields;
  const note = input.recipientNote ?? '';
  if (note.trim() === '') return messages.fillAllFields;
  if (note.trim().length > voucherNoteMaxLength) return voucherMessages.noteTooLong;
  return null;
}

/** Both steps, in the order the screens check them. */
export function validateVoucherPurchase(input: VoucherRecipientInput & VoucherDetailsInput): string | null {
  return validateVoucherRecipient(input) ?? validateVoucherDetails(input);
}

// ---- The voucher code ----

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
export const voucherCodeAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const voucherCodeLength = 16;
const codePattern = new RegExp(`^[${voucherCodeAlphabet}]{${voucherCodeLength}}$`);

/** What people type, as the code is kept: upper case, spaces and dashes removed; null when it cannot be one. */
export function normaliseVoucherCode(input: string): string | null {
  const code = input.trim().toUpperCase().replace(/[\s-]/g, '');
  return codePattern.test(code) ? code : null;
}

/** The code as it is written to people: 'ABCD-EFGH-JKMN-PQRS'. */
export function formatVoucherCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

// ---- Answers ----

export const voucherView = z.object({
  id: z.number().int(),
  /** 'VCH-7K3Q9X': the createVoucher answer's message. */
  reference: z.string(),
  status: voucherStatus,
  amount: z.number().int(),
  paymentMode: voucherPaymentMode,
  recipientName: z.string(),
  recipientEmail: z.string(),
  recipientPhoneNumber: z.string(),
  recipientNote: z.string(),
  topic: z.object({ id: z.number().int(), name: z.string() }),
  advisor: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  /**
   * Its mentor left or stopped giving its program (issue 20): it books any mentor of the program, and the
   * buyer may have it refunded to their wallet instead while it is unused.
   */
  mentorGone: z.boolean(),
  refundedAt: z.string().nullable(),
  /** The buyer's latest payment attempt for it. */
  lastPayment: paymentAttempt.nullable(),
});
export type VoucherView = z.infer<typeof voucherView>;

/** The answer's message is the reference number (spec 3); data is the new voucher. */
export const createVoucherResponse = envelope(voucherView);
export const voucherResponse = envelope(voucherView);
export const myVouchersResponse = envelope(z.array(voucherView));

export const voucherReferenceParams = z.object({ reference: z.string().trim().min(1).max(40) });

/** POST /myprosper/api/makeVoucherMpesaPayment: pay (again) for a voucher awaiting payment. */
export const voucherMpesaPaymentRequest = z.object({
  reference: z.string().trim().min(1).max(40),
  phoneNumber: z.string().max(40).default(''),
});
export type VoucherMpesaPaymentRequest = z.input<typeof voucherMpesaPaymentRequest>;
export const voucherMpesaPaymentResponse = envelope(paymentAttempt);

/** POST /myprosper/api/refundVoucher: the buyer's unused voucher whose mentor is gone, to their wallet. */
export const refundVoucherRequest = z.object({ reference: z.string().trim().min(1).max(40) });
export const refundVoucherResponse = envelope(voucherView);

/** POST /myprosper/api/redeemVoucher: pay the caller's share of a session with a voucher code. */
export const redeemVoucherRequest = z.object({
  sessionId: id,
  voucherCode: z.string().max(60).default(''),
});
export type RedeemVoucherRequest = z.input<typeof redeemVoucherRequest>;
export const redeemVoucherResponse = messageOnly;
