import { z } from 'zod';
import { adminSearchText } from './admin.ts';
import { adminPayment, adminSessionSummary, adminVoucher } from './admin-money.ts';
import { adminUserSummary } from './admin-people.ts';
import { envelope } from './common.ts';

/**
 * The admin console's one search box (issue 25): whatever an operator is told (an M-PESA code from a customer's
 * SMS, a card reference, a phone number in any form, an e-mail, a name, a session or voucher reference) finds the
 * people, sessions, payments and vouchers it belongs to.
 */

export const adminSearchMessages = {
  typeSomething: 'Please type what you are looking for',
  notAReceipt: 'receipt: an M-PESA code is 10 letters and digits, like QK12ABC3DE',
  lookupAsked: 'M-PESA was asked about this code',
} as const;

/** An M-PESA receipt number: ten capital letters and digits (typed in any case, with spaces around). */
export const mpesaReceiptText = z
  .string()
  .max(40)
  .transform((text) => text.trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{10}$/, adminSearchMessages.notAReceipt));

/** Whether a search text looks like an M-PESA code (so it may be looked up with M-PESA). */
export function looksLikeMpesaReceipt(text: string): boolean {
  return /^[A-Z0-9]{10}$/.test(text.trim().toUpperCase()) && /[A-Z]/i.test(text) && /\d/.test(text);
}

export const adminSearchQuery = z.object({
  query: adminSearchText.pipe(z.string({ error: adminSearchMessages.typeSomething })),
});
export type AdminSearchQuery = z.input<typeof adminSearchQuery>;

const group = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

/**
 * What M-PESA said the last time an operator asked about a code: NONE (never asked), CHECKING (no answer yet),
 * FOUND (a payment of ours carries it now), NOT_FOUND (M-PESA does not know it), NOT_MATCHED (M-PESA knows it,
 * but it fits no payment of ours: `detail` says what M-PESA said), UNAVAILABLE (M-PESA could not be asked).
 */
export const receiptLookupStatuses = [
  'NONE',
  'CHECKING',
  'FOUND',
  'NOT_FOUND',
  'NOT_MATCHED',
  'UNAVAILABLE',
] as const;
export const receiptLookup = z.object({
  receipt: z.string(),
  status: z.enum(receiptLookupStatuses),
  paymentId: z.number().int().nullable(),
  detail: z.string().nullable(),
});
export type ReceiptLookup = z.infer<typeof receiptLookup>;
export const receiptLookupResponse = envelope(receiptLookup);

/** POST /myprosper/api/admin/payments/receipt-lookups */
export const receiptLookupRequest = z.object({ receipt: mpesaReceiptText });
export type ReceiptLookupRequest = z.input<typeof receiptLookupRequest>;

/** GET /myprosper/api/admin/search?query=… : the first few of each kind, and how many there are. */
export const adminSearchResult = z.object({
  query: z.string(),
  /** The text read as a phone number (2547…), when it is one. */
  phone: z.string().nullable(),
  people: group(adminUserSummary),
  sessions: group(adminSessionSummary),
  payments: group(adminPayment),
  vouchers: group(adminVoucher),
  /** A text that looks like an M-PESA code: where asking M-PESA about it stands. */
  receipt: receiptLookup.nullable(),
});
export type AdminSearchResult = z.infer<typeof adminSearchResult>;
export const adminSearchResponse = envelope(adminSearchResult);
