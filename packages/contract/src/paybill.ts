import { z } from 'zod';
import { envelope, idParam } from './common.ts';
import { formatKes } from './payments.ts';

/**
 * The Paybill fallback (issue 21, "Paybill and Till fallback"): when an M-PESA prompt fails or never comes, a
 * mentee pays our Paybill by hand with the booking's account reference, and may type the M-PESA code from
 * the SMS. Daraja's C2B validation and confirmation bodies (reference part 2, 1.6) and what the browser and
 * the admin console exchange about such payments.
 */

/** Letters and digits no one confuses when copying from a screen to a phone: no O/0, no I/1. */
export const accountReferenceAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 'BK' and six of the alphabet: 'BK7Q3XM9'. Fits Daraja's 12-character account field. */
export const accountReferencePattern = /^BK[A-HJ-NP-Z2-9]{6}$/;

/**
 * What a customer typed as the account, as we match it: trimmed, upper case, without spaces, '#', '-' or
 * '.' ('bk 7q3x-m9' and '#BK7Q3XM9' are BK7Q3XM9).
 */
export function normaliseAccountReference(typed: string | null | undefined): string {
  return (typed ?? '')
    .trim()
    .toUpperCase()
    .replace(/[\s#.\-_]/g, '');
}

/** An M-PESA receipt (transaction) code: ten capital letters and digits ('TKR3ABC1XY'). */
export const mpesaCodePattern = /^[A-Z0-9]{10}$/;

/** The code as typed: trimmed, upper case, spaces removed. */
export function normaliseMpesaCode(typed: string): string {
  return typed.trim().toUpperCase().replace(/\s/g, '');
}

/**
 * Daraja's C2B validation and confirmation body: every value a string; MSISDN masked ('2547 ***** 149'),
 * names possibly empty; BillRefNumber empty for tills.
 */
export const c2bNotification = z.object({
  TransactionType: z.string().max(40).default(''),
  TransID: z.string().min(1).max(40),
  TransTime: z.string().max(20).default(''),
  TransAmount: z.coerce.string().max(20),
  BusinessShortCode: z.coerce.string().max(20),
  BillRefNumber: z.string().max(100).nullish(),
  InvoiceNumber: z.string().max(100).nullish(),
  OrgAccountBalance: z.coerce.string().max(40).nullish(),
  ThirdPartyTransID: z.string().max(100).nullish(),
  MSISDN: z.coerce.string().max(40).default(''),
  FirstName: z.string().max(100).nullish(),
  MiddleName: z.string().max(100).nullish(),
  LastName: z.string().max(100).nullish(),
});
export type C2bNotification = z.infer<typeof c2bNotification>;

/** Validation answers: accept, or one of Daraja's rejection codes (which SMS the customer gets). */
export const c2bValidationAnswer = z.object({
  ResultCode: z.string(),
  ResultDesc: z.string(),
  ThirdPartyTransID: z.string().optional(),
});
export const c2bConfirmationAnswer = z.object({ ResultCode: z.number().int(), ResultDesc: z.string() });

/** GET /myprosper/api/paybill/:id — how to pay a session by Paybill. */
export const paybillDetails = z.object({
  businessNumber: z.string(),
  accountReference: z.string(),
  /** Exactly this, in whole KES. */
  amount: z.number().int(),
  /** The latest typed code and where its check stands. */
  lastCode: z
    .object({
      code: z.string(),
      status: z.enum(['CHECKING', 'CONFIRMED', 'REFUSED']),
      reason: z.string().nullable(),
    })
    .nullable(),
});
export type PaybillDetails = z.infer<typeof paybillDetails>;
export const paybillDetailsResponse = envelope(paybillDetails);

/** POST /myprosper/api/paybill/:id/code — the M-PESA code from the payment's SMS. */
export const paybillCodeRequest = z.object({
  code: z
    .string()
    .max(40)
    .transform(normaliseMpesaCode)
    .refine((code) => mpesaCodePattern.test(code), {
      message: 'Please enter the 10-character M-PESA code from your confirmation SMS',
    }),
});
export const paybillCodeResponse = envelope(paybillDetails);

export const paybillProblems = [
  'UNKNOWN_REFERENCE',
  'WRONG_AMOUNT',
  'ALREADY_PAID',
  'NOT_PAYABLE',
  'NOT_WHOLE_SHILLINGS',
] as const;
export type PaybillProblem = (typeof paybillProblems)[number];

export const paybillPaymentStatuses = ['APPLIED', 'REVIEW', 'CREDITED', 'REVERSING', 'REFUNDED'] as const;
export type PaybillPaymentStatus = (typeof paybillPaymentStatuses)[number];

/** A Paybill payment as admins see it. */
export const adminPaybillPayment = z.object({
  id: z.number().int(),
  receipt: z.string(),
  amount: z.number().int(),
  accountTyped: z.string(),
  payer: z.string(),
  paidAt: z.string().nullable(),
  status: z.enum(paybillPaymentStatuses),
  problem: z.enum(paybillProblems).nullable(),
  problemText: z.string().nullable(),
  /** The booking the reference named, when it named one. */
  sessionId: z.number().int().nullable(),
  /** Who the reference's booking belongs to, when known: the likely person to credit. */
  suggestedUserId: z.number().int().nullable(),
  resolution: z.string().nullable(),
  receivedAt: z.string(),
});
export type AdminPaybillPayment = z.infer<typeof adminPaybillPayment>;
export const adminPaybillQuery = z.object({
  status: z.enum(['REVIEW', 'ALL']).default('REVIEW'),
});
export const adminPaybillListResponse = envelope(z.array(adminPaybillPayment));

/** POST /myprosper/api/admin/paybill/:id/credit — into this person's wallet. */
export const adminPaybillCreditRequest = z.object({
  userId: idParam,
  note: z.string().trim().min(3, 'Please say why').max(300),
});
/** POST /myprosper/api/admin/paybill/:id/refund — back to the payer's M-PESA (Reversal). */
export const adminPaybillRefundRequest = z.object({
  note: z.string().trim().min(3, 'Please say why').max(300),
});
export const adminPaybillActionResponse = envelope(adminPaybillPayment);

export const paybillMessages = {
  details: 'Pay with Paybill',
  codeAccepted: 'Thank you. We are checking your M-PESA code.',
  codeConfirmed: 'Your payment has been received and your session is paid.',
  codeUsed: 'This M-PESA code has already been used.',
  codeNotOurs: 'This M-PESA code is not a payment to our Paybill.',
  codeNotYours:
    'This M-PESA code belongs to a payment from another phone. Please type the code of your own payment.',
  codeWrongAmount: (paid: number, due: number) =>
    `This M-PESA payment was ${formatKes(paid)}, not the ${formatKes(due)} due. Our team will look at it and credit or refund it.`,
  codeNotFound: 'M-PESA does not know this code. Please check it and try again.',
  codeUnavailable: 'M-PESA could not be reached to check the code. Please try again in a moment.',
  countedAsPaybill: (receipt: string) =>
    `This payment (${receipt}) reached us as a Paybill payment and is counted there.`,
  noPaybillForThis: 'This session has nothing to pay by Paybill.',
  notForReview: 'This payment is not waiting for review.',
  personNotFound: 'This person was not found',
  credited: 'Credited to the wallet',
  refundAsked: 'Refund asked of M-PESA',
  refundUnavailable: 'Refunds to M-PESA are not available yet. Please credit a wallet instead.',
  problems: {
    UNKNOWN_REFERENCE: 'The account reference does not name a booking.',
    WRONG_AMOUNT: 'The amount is not what the booking asked.',
    ALREADY_PAID: 'The booking was already paid.',
    NOT_PAYABLE: 'The booking could no longer be paid.',
    NOT_WHOLE_SHILLINGS: 'The amount is not a whole number of shillings.',
  } satisfies Record<PaybillProblem, string>,
} as const;
