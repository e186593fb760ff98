import { formatKes } from '@myprosper/contract/payments';
import { nameForMessages } from '@myprosper/contract/validation';
import { formatVoucherCode } from '@myprosper/contract/vouchers';
import type { VoucherRecord } from './vouchers.repository.ts';

/** What the recipient and the buyer of a voucher are told once it is paid. */

export interface VoucherFacts {
  voucher: VoucherRecord;
  code: string;
  publicUrl: string;
}

/** The buyer's name as messages show it (letters only, an older account may hold anything). */
function buyerOf(voucher: VoucherRecord): string {
  return nameForMessages(voucher.buyerName) || 'A MyProsper member';
}

function bookingLink(facts: VoucherFacts): string {
  return `${facts.publicUrl.replace(/\/$/, '')}/advisors/book/${facts.voucher.advisorId}`;
}

/** The recipient's e-mail: the code, what it is for, the buyer's note, and how to use it. */
export function voucherEmail(facts: VoucherFacts) {
  const { voucher } = facts;
  return {
    to: voucher.recipientEmail,
    subject: `A MyProsper gift voucher for you, from ${buyerOf(voucher)}`,
    text: [
      `Hello ${nameForMessages(voucher.recipientName) || 'there'},`,
      '',
      `${buyerOf(voucher)} has given you a one-hour mentoring session with ${voucher.advisorName} on ${voucher.topicName}.`,
      '',
      `Their note: "${voucher.recipientNote}"`,
      '',
      `Your voucher code: ${formatVoucherCode(facts.code)}`,
      '',
      `To use it, sign in (or sign up), book a session with ${voucher.advisorName} on ${voucher.topicName}, choose Voucher as the way to pay and enter the code. It pays for one session.`,
      '',
      `Book your session: ${bookingLink(facts)}`,
    ].join('\n'),
  };
}

/** The recipient's SMS (kept short). */
export function voucherSms(facts: VoucherFacts): string {
  const { voucher } = facts;
  const note =
    voucher.recipientNote.length > 80 ? `${voucher.recipientNote.slice(0, 77)}...` : voucher.recipientNote;
  return `MyProsper gift voucher from ${buyerOf(voucher)}: a session with ${nameForMessages(voucher.advisorName)} on ${voucher.topicName}. Code: ${formatVoucherCode(facts.code)}. Their note: "${note}" Book: ${bookingLink(facts)}`;
}

/** The buyer's receipt (no code: it is the recipient's). */
export function voucherReceiptEmail(voucher: VoucherRecord) {
  const paidBy = voucher.paymentMode === 'CARD' ? 'card' : 'M-PESA';
  return {
    to: voucher.buyerEmail,
    subject: `Receipt: gift voucher ${voucher.reference}`,
    text: [
      `Hello ${voucher.buyerName},`,
      '',
      'Thank you for your gift. Your payment has been received.',
      '',
      `Voucher: ${voucher.reference}`,
      `For: one session with ${voucher.advisorName} on ${voucher.topicName}`,
      `Amount paid: ${formatKes(voucher.amount)} (${paidBy})`,
      `Recipient: ${voucher.recipientName}`,
      '',
      `We have sent the voucher code to ${voucher.recipientName} by e-mail (${voucher.recipientEmail}) and SMS (${voucher.recipientPhone}).`,
    ].join('\n'),
  };
}
