import {
  type CardDecision,
  type CardOutcome,
  type CardPurpose,
  cardCurrency,
  cardDecisions,
  cardMessages,
  cardRequiredReceiptFields,
  parseCardAmount,
} from '@myprosper/contract/card';
import { paymentMessages } from '@myprosper/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { withRetries } from '../../db/database-errors.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { paymentOutcomes } from '../../lib/metrics.ts';
import { type CardGateway, signedNamesOf } from '../../providers/card.ts';
import { type CardPaymentPurpose, CardPaymentsRepository } from './card-payments.repository.ts';
import { payDueCoverOnArrival } from './group-cover-payments.ts';
import { type PaymentRow, PaymentsRepository } from './payments.repository.ts';
import { SessionMoneyRepository } from './session-money.repository.ts';
import { creditWallet, payShareFromWallet } from './session-payments.ts';
import type { PaymentVouchers } from './voucher-port.ts';

export type ReceiptFields = Readonly<Record<string, string>>;

export interface ReceiptResult {
  purpose: CardPaymentPurpose;
  outcome: CardOutcome;
  /** APPLIED: this receipt changed the payment; ALREADY_FINAL: the other channel came first. */
  verdict: 'APPLIED' | 'ALREADY_FINAL' | 'PENDING_REVIEW';
}

const badSignature = () => new AppError('BAD_REQUEST', cardMessages.badSignature);

/** The outcome people are told for a payment that is final. */
function outcomeOf(payment: PaymentRow): CardOutcome {
  if (payment.status === 'SUCCEEDED') return 'paid';
  if (payment.status === 'PENDING') return 'review';
  if (payment.resultDesc === 'DECLINE') return 'declined';
  if (payment.resultDesc === 'CANCEL') return 'cancelled';
  return 'failed';
}

function decisionOf(fields: ReceiptFields): CardDecision {
  const decision = fields.decision?.toUpperCase() as CardDecision;
  // New decisions may appear (reference 2.5): anything unknown is not a payment.
  return cardDecisions.includes(decision) ? decision : 'ERROR';
}

/**
 * The signed receipt of the hosted page, from the browser (receipt and cancel pages) or server to server
 * (merchant POST): the signature checked in constant time, only signed fields trusted, the reference, amount
 * and currency checked against the PENDING payment, and applied once whichever channel comes first. Money
 * goes into the payer's wallet from CARD_CLEARING and then pays what it was for, in one transaction.
 */
export class CardReceiptsService {
  constructor(
    private readonly db: Db,
    private readonly gateway: CardGateway | null,
    private readonly vouchers: Pick<PaymentVouchers, 'settle' | 'deliverAfterPayment'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** `expected`: the purpose of the receipt route it came to (null: the merchant POST takes either). */
  async handle(fields: ReceiptFields, expected: CardPurpose | null): Promise<ReceiptResult> {
    const gateway = this.gateway;
    if (!gateway) throw new AppError('UNAVAILABLE', cardMessages.unavailable);
    if (!gateway.verify(fields)) throw badSignature();
    const signed = signedNamesOf(fields);
    if (!cardRequiredReceiptFields.every((name) => signed.has(name))) throw badSignature();
    if (fields.req_access_key !== gateway.accessKey || fields.req_profile_id !== gateway.profileId) {
      throw new AppError('BAD_REQUEST', cardMessages.notOurs);
    }
    const decision = decisionOf(fields);
    paymentOutcomes.inc({ provider: 'card', call: 'receipt', code: decision });
    if (decision === 'ACCEPT' && !(signed.has('transaction_id') && fields.transaction_id))
      throw badSignature();

    const { result, deliverVoucher } = await this.inTransaction((tx) =>
      this.applyReceipt(tx, fields, expected, decision, signed),
    );
    if (deliverVoucher !== null) await this.vouchers.deliverAfterPayment(deliverVoucher);
    if (result.verdict === 'APPLIED') {
      this.log.info({ reference: result.purpose.reference, outcome: result.outcome }, 'card receipt applied');
    }
    return result;
  }

  /** A transaction, run again after a deadlock or serialization failure. */
  private async inTransaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return withRetries(() => this.db.transaction(work));
  }

  /** In one transaction, on the locked payment. Answers the result, and a voucher to deliver once saved. */
  private async applyReceipt(
    tx: DbOrTx,
    fields: ReceiptFields,
    expected: CardPurpose | null,
    decision: CardDecision,
    signed: Set<string>,
  ): Promise<{ result: ReceiptResult; deliverVoucher: number | null }> {
    const cards = new CardPaymentsRepository(tx);
    const payments = new PaymentsRepository(tx);
    const payment = await cards.lockByTransactionUuid(fields.req_transaction_uuid ?? '');
    if (!payment) throw invalid(cardMessages.unknownPayment);
    const purpose = await cards.purposeOf(payment);
    if (!purpose || (expected !== null && purpose.purpose !== expected)) throw invalid(cardMessages.mismatch);
    const matches =
      fields.req_reference_number === purpose.reference &&
      parseCardAmount(fields.req_amount) === payment.amount &&
      fields.req_currency === cardCurrency;
    if (!matches) throw invalid(cardMessages.mismatch);
    const done = (
      verdict: ReceiptResult['verdict'],
      outcome: CardOutcome,
      deliverVoucher: number | null = null,
    ) => ({
      result: { purpose, outcome, verdict },
      deliverVoucher,
    });
    // An EXPIRED checkout takes a late ACCEPT (the card was charged: applied, never lost); nothing else.
    const isLateSuccess = payment.status === 'EXPIRED' && decision === 'ACCEPT';
    if (payment.status !== 'PENDING' && !isLateSuccess) return done('ALREADY_FINAL', outcomeOf(payment));
    if (decision === 'REVIEW') return done('PENDING_REVIEW', 'review');
    if (decision !== 'ACCEPT') {
      await this.applyFailure(tx, payment, decision, fields);
      return done('APPLIED', outcomeOf((await payments.find(payment.id))!));
    }
    const transactionId = fields.transaction_id ?? '';
    const other = await payments.findByReference('CARD', transactionId);
    if (other && other.id !== payment.id) throw invalid(cardMessages.mismatch);
    const received = this.receivedAmount(fields, signed, payment.amount);
    if (received === null) throw invalid(cardMessages.mismatch);
    const voucherId = await this.applySuccess(tx, payment, purpose, fields, received);
    return done('APPLIED', 'paid', voucherId);
  }

  /**
   * What was taken from the card: the amount asked, or on a partial approval (reason 110) the signed
   * auth_amount, which must not be more. Null when it cannot be trusted.
   */
  private receivedAmount(fields: ReceiptFields, signed: Set<string>, asked: number): number | null {
    if (!signed.has('reason_code') || fields.reason_code !== '110') return asked;
    if (!signed.has('auth_amount')) return null;
    const authorised = parseCardAmount(fields.auth_amount);
    return authorised !== null && authorised <= asked ? authorised : null;
  }

  private async applyFailure(tx: DbOrTx, payment: PaymentRow, decision: CardDecision, fields: ReceiptFields) {
    const reason =
      decision === 'DECLINE'
        ? cardMessages.declined
        : decision === 'CANCEL'
          ? cardMessages.cancelled
          : cardMessages.failed;
    const code = Number(fields.reason_code);
    await new PaymentsRepository(tx).markFailed(payment.id, {
      resultCode: Number.isSafeInteger(code) ? code : null,
      resultDesc: decision,
      reason,
      now: new Date(),
    });
  }

  /**
   * The payment SUCCEEDED, what was received into the payer's wallet from CARD_CLEARING, then (when all of it
   * came) what it was for paid from the wallet: the session share, or the voucher. If that cannot be paid any
   * more, the money stays in the wallet and the payment says so. Answers the voucher to deliver, if any.
   */
  private async applySuccess(
    tx: DbOrTx,
    payment: PaymentRow,
    purpose: CardPaymentPurpose,
    fields: ReceiptFields,
    received: number,
  ): Promise<number | null> {
    const now = new Date();
    // The session first (lock order: payment, session, wallets).
    if (payment.sessionId !== null) await new SessionMoneyRepository(tx).lockSession(payment.sessionId);
    const payments = new PaymentsRepository(tx);
    const code = Number(fields.reason_code);
    const marked = await payments.markSucceeded(payment.id, {
      providerReference: fields.transaction_id ?? null,
      resultCode: Number.isSafeInteger(code) ? code : 100,
      resultDesc: 'ACCEPT',
      now,
    });
    if (!marked) return null;
    await creditWallet(tx, {
      userId: payment.payerId,
      amount: received,
      kind: 'CARD_TOPUP',
      from: 'CARD_CLEARING',
      reference: `payment:${payment.id}`,
      memo: `Card payment ${fields.transaction_id ?? ''}`.trim(),
      paymentId: payment.id,
    });
    if (received < payment.amount) {
      await payments.setOutcomeNote(payment.id, cardMessages.partial);
      return null;
    }
    if (purpose.purpose === 'VOUCHER') {
      const settled = await this.vouchers.settle(tx, payment, now);
      if (settled && !settled.paid) await payments.setOutcomeNote(payment.id, settled.note);
      return settled?.paid ? settled.voucherId : null;
    }
    if (payment.participantId === null) return null;
    const outcome = await payShareFromWallet(tx, {
      participantId: payment.participantId,
      allowRehold: true,
      now,
    });
    if (!outcome.ok) {
      const note =
        outcome.problem === 'SLOT_TAKEN' ? paymentMessages.slotTakenKept : paymentMessages.notPaidKept;
      await payments.setOutcomeNote(payment.id, note);
    } else if (outcome.status === 'ALREADY_PAID') {
      // A paid host's card payment for a group's due cover pays it; otherwise the money stays in the wallet.
      if (!(await payDueCoverOnArrival(tx, payment, now))) {
        await payments.setOutcomeNote(payment.id, paymentMessages.alreadyPaidKept);
      }
    }
    return null;
  }
}
