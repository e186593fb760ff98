import { and, desc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { payments } from '../../db/schema/payments.ts';
import type { MpesaService } from './mpesa.service.ts';
import type { MpesaOutcome } from './mpesa-disbursements.service.ts';
import { type PaymentRow, PaymentsRepository } from './payments.repository.ts';

/**
 * What M-PESA's Transaction Status says of a receipt (a code a customer quotes), and giving a confirmed receipt
 * to the push of ours it belongs to: shared by the Paybill code check and the operators' look-up.
 */

export interface ReceiptStatus {
  /** Completed and found: false when M-PESA does not know the receipt. */
  found: boolean;
  /** M-PESA refused the question itself (nothing was learnt about the receipt). */
  unavailable: boolean;
  receipt: string;
  amount: number | null;
  /** '600984 - MYPROSPER' (who got the money) and '254708374149 - JOHN DOE' (who paid). */
  creditPartyName: string;
  debitPartyName: string;
  /** yyyyMMddHHmmss */
  finalisedTime: string;
}

/** What Transaction Status said of a typed code, in the shape the Paybill check reads. */
export function receiptStatusOf(receipt: string, outcome: MpesaOutcome): ReceiptStatus {
  const text = (key: string) => {
    const value = outcome.parameters[key];
    return value === null || value === undefined ? '' : String(value);
  };
  const amount = Number(text('Amount'));
  return {
    found: outcome.state === 'SUCCEEDED' && /^completed$/i.test(text('TransactionStatus') || 'Completed'),
    unavailable: outcome.via === 'REFUSED',
    receipt: text('ReceiptNo') || receipt,
    amount: text('Amount') !== '' && Number.isFinite(amount) ? Math.round(amount) : null,
    creditPartyName: text('CreditPartyName'),
    debitPartyName: text('DebitPartyName'),
    finalisedTime: text('FinalisedTime'),
  };
}

/** Whether a masked MSISDN ('2547 ***** 149') or a full one could be this phone (2547XXXXXXXX). */
export function couldBePhone(msisdn: string, phone: string): boolean {
  const compact = msisdn.replace(/\s/g, '');
  if (/^\d{12}$/.test(compact)) return compact === phone;
  const match = /^(\d*)\*+(\d*)$/.exec(compact);
  if (!match) return false;
  return phone.startsWith(match[1]!) && phone.endsWith(match[2]!) && match[1]!.length + match[2]!.length >= 6;
}

/** 'yyyyMMddHHmmss' in Kenyan time (Daraja's FinalisedTime) as an instant; null when it is not one. */
export function darajaTimeOf(text: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const at = new Date(Date.UTC(y, mo - 1, d, h - 3, mi, s));
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * A push made up to this long before M-PESA finished the payment (a prompt lives about a minute; queues and
 * clocks differ a little) may be the one it paid.
 */
const madeBeforeMs = 30 * 60_000;
const clockSlackMs = 10 * 60_000;

/**
 * Gives an M-PESA receipt that M-PESA confirmed (Transaction Status: completed, to our shortcode) to the one push
 * of ours it must be: from that phone, of that amount, made in the half hour before, with no receipt yet. A push settled
 * by the STK query (which carries no receipt, reference 1.6) gets its receipt, so the code in the customer's SMS
 * finds it; a push still PENDING or EXPIRED is applied as its callback would have been. Several candidates, or
 * none: nothing is changed (the receipt stays unknown; the statement import may match it later). Answers the
 * payment that got it. Runs in the caller's transaction (the one recording M-PESA's answer).
 */
export async function attachConfirmedReceipt(
  tx: DbOrTx,
  mpesa: Pick<MpesaService, 'applyConfirmedSuccess'>,
  shortCode: string,
  status: ReceiptStatus,
): Promise<PaymentRow | null> {
  if (!status.found || status.amount === null || !/^[A-Z0-9]{10}$/.test(status.receipt)) return null;
  if (!status.creditPartyName.trim().startsWith(shortCode)) return null;
  const repository = new PaymentsRepository(tx);
  if (await repository.findByReference('MPESA', status.receipt)) return null;
  const finalised = darajaTimeOf(status.finalisedTime) ?? new Date();
  const debitNumber = status.debitPartyName.split(' - ')[0]?.trim() ?? '';
  const candidates = (
    await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.provider, 'MPESA'),
          isNull(payments.providerReference),
          inArray(payments.status, ['SUCCEEDED', 'PENDING', 'EXPIRED']),
          eq(payments.amount, status.amount),
          gte(payments.createdAt, new Date(finalised.getTime() - madeBeforeMs)),
          lte(payments.createdAt, new Date(finalised.getTime() + clockSlackMs)),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(20)
  ).filter((payment) => payment.phoneNumber !== null && couldBePhone(debitNumber, payment.phoneNumber));
  if (candidates.length !== 1) return null;
  const payment = await repository.lock(candidates[0]!.id);
  if (!payment || payment.providerReference !== null) return null;
  if (payment.status === 'SUCCEEDED') {
    return (await repository.recordReceipt(payment.id, status.receipt)) ? payment : null;
  }
  if (payment.status === 'PENDING' || payment.status === 'EXPIRED') {
    await mpesa.applyConfirmedSuccess(tx, payment, status.receipt);
    return payment;
  }
  return null;
}
