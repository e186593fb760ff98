import {
  type PaymentMethodView,
  type PayoutMethod,
  type UpdatePaymentMethodRequest,
  updatePaymentMethodRequest,
} from '@myprosper/contract/advisor-settings';
import { messages } from '@myprosper/contract/messages';

/** The first problem of a payout form, with the field it is about; null when the server may have it. */
export function checkPayoutForm(body: UpdatePaymentMethodRequest): { field: string; message: string } | null {
  const result = updatePaymentMethodRequest.safeParse(body);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { field: String(issue?.path[0] ?? ''), message: issue?.message ?? messages.genericError };
}

export const payoutLabels: Record<PayoutMethod, string> = {
  MPESA: 'M-PESA',
  BANK: 'Bank',
  PAYPAL: 'PayPal',
};

/** One line saying what is saved for a method: the masked number, or the PayPal address. */
export function savedSummary(saved: PaymentMethodView | undefined): string | null {
  if (!saved) return null;
  if (saved.method === 'MPESA') return saved.mpesaPhoneNumber;
  if (saved.method === 'BANK') return [saved.bankName, saved.accountNumber].filter(Boolean).join(' · ');
  return saved.paypalEmail;
}
