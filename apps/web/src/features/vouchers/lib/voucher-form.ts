import type { CreateVoucherRequest, VoucherPaymentMode } from '@myprosper/contract/vouchers';
import { validateVoucherDetails, validateVoucherRecipient } from '@myprosper/contract/vouchers';
import {
  emptyPhone,
  type PhoneInputValue,
  phoneToSend,
} from '../../../components/phone-field/phone-value.ts';

/** What the three steps of /buyVoucher collect. */
export interface VoucherFormValues {
  recipientName: string;
  recipientEmail: string;
  recipientPhone: PhoneInputValue;
  topicId: string | null;
  advisorId: string | null;
  recipientNote: string;
  paymentMode: VoucherPaymentMode;
}

export const emptyVoucherForm: VoucherFormValues = {
  recipientName: '',
  recipientEmail: '',
  recipientPhone: emptyPhone,
  topicId: null,
  advisorId: null,
  recipientNote: '',
  paymentMode: 'CARD',
};

export const voucherSteps = ['Recipient', 'Program and mentor', 'Payment'] as const;

/** The message of one step's rules (spec 5), or null: Next checks only the step on screen. */
export function checkVoucherStep(step: number, values: VoucherFormValues): string | null {
  if (step === 0) {
    return validateVoucherRecipient({
      recipientName: values.recipientName,
      recipientEmail: values.recipientEmail,
      recipientPhoneNumber: phoneToSend(values.recipientPhone),
    });
  }
  if (step === 1) return validateVoucherDetails(values);
  return null;
}

/** The spec's purchase payload (the amount is the server's: the individual price). */
export function toPurchase(
  values: VoucherFormValues,
  buyerId: number,
  amount: number,
  mpesaPhoneNumber: string | null,
): CreateVoucherRequest {
  return {
    adviseeId: buyerId,
    recipientName: values.recipientName.trim(),
    recipientEmail: values.recipientEmail.trim(),
    recipientPhoneNumber: phoneToSend(values.recipientPhone),
    topicId: values.topicId,
    advisorId: values.advisorId,
    amount,
    paymentMode: values.paymentMode,
    mpesaPhoneNumber: mpesaPhoneNumber ?? 'N/A',
    recipientNote: values.recipientNote.trim(),
  };
}
