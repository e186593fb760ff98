import { adminMoneyMessages } from '@myprosper/contract/admin-money';
import {
  adminRefundMessages,
  type OperatorRefund,
  type OperatorRefundSource,
  operatorRefundText,
  type RefundPlan,
} from '@myprosper/contract/admin-refunds';
import { formatKes } from '@myprosper/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { operatorRefundedKes, operatorRefunds } from '../../lib/metrics.ts';
import type { Mailer } from '../../providers/mail.ts';
import {
  type AccountRef,
  InsufficientFundsError,
  LedgerRepository,
  postTransaction,
} from '../wallet/wallet.door.ts';
import { MpesaRefundsRepository } from './mpesa-refunds.repository.ts';
import type { MpesaRefundsService } from './mpesa-refunds.service.ts';
import { planRefund, type RefundFacts, refundProblem } from './operator-refund-plan.ts';
import { OperatorRefundsRepository } from './operator-refunds.repository.ts';
import { type PaymentRow, PaymentsRepository } from './payments.repository.ts';
import { SessionMoneyRepository } from './session-money.repository.ts';

export interface OperatorRefundInput {
  amount: number;
  destination: 'WALLET' | 'MPESA';
  reason: string;
  /** The confirmation dialog's id: the same one again answers the first refund and moves nothing. */
  requestId: string;
  actorId: number;
}

/** What the caller's audit row records, written in the refund's own transaction: both land, or neither. */
export interface OperatorRefundRecord {
  paymentId: number;
  refundId: number;
  amount: number;
  destination: 'WALLET' | 'MPESA';
  source: OperatorRefundSource;
  reason: string;
  /** The confirmation's words: where the money went and where it came from. */
  text: string;
  refundedBefore: number;
  refundedAfter: number;
}
export type OperatorRefundAudit = (tx: DbOrTx, record: OperatorRefundRecord) => Promise<void>;

/**
 * An operator's refund of a payment (issue 25, docs/decisions/021): whole or partial, to the payer's wallet or
 * back to the M-PESA number that paid (a Reversal when whole, else B2C, through the M-PESA refunds core), card
 * payments to the wallet only. The money is taken from where the payment's money is now (operator-refund-plan.ts).
 * One transaction on the locked session and payment (then wallets): the ledger
 * transaction, payments.refunded raised (its CHECK keeps every refund of it within what was paid), the refund's
 * row and the operator's audit row. Two refunds at once take turns on the payment's lock; the second sees
 * what the first left.
 */
export class OperatorRefunds {
  constructor(
    private readonly db: Db,
    private readonly mpesaRefunds: Pick<MpesaRefundsService, 'dispatch'>,
    private readonly channels: { mailer: Mailer; log: FastifyBaseLogger },
  ) {}

  /** What can be refunded of the payment now; null when there is no such payment. */
  async plan(paymentId: number): Promise<RefundPlan | null> {
    const payment = await new PaymentsRepository(this.db).find(paymentId);
    if (!payment) return null;
    return planRefund(await factsOf(this.db, payment, false));
  }

  async list(paymentId: number): Promise<OperatorRefund[]> {
    const rows = await new OperatorRefundsRepository(this.db).listForPayment(paymentId);
    return rows.map(({ refund, actorName, mpesa }) => ({
      id: refund.id,
      amount: refund.amount,
      destination: refund.destination,
      source: refund.source,
      reason: refund.reason,
      by: actorName,
      at: refund.createdAt.toISOString(),
      mpesa: mpesa?.status ? { ...mpesa, status: mpesa.status, phoneNumber: mpesa.phoneNumber ?? '' } : null,
    }));
  }

  async refund(
    paymentId: number,
    input: OperatorRefundInput,
    audit: OperatorRefundAudit,
  ): Promise<OperatorRefundRecord | null> {
    let mpesaRefundId: number | null = null;
    let record: OperatorRefundRecord | null = null;
    let payerId = 0;
    try {
      record = await this.db.transaction(async (tx) => {
        const repository = new OperatorRefundsRepository(tx);
        const payments = new PaymentsRepository(tx);
        const found = await payments.find(paymentId);
        if (!found) throw notFound(adminMoneyMessages.paymentNotFound);
        // Its session first, then the payment: a cancellation locks the session and then marks what it sends
        // back to M-PESA on the payment, so this order never waits in a circle with it. (A callback locks a
        // payment before its session only while the payment is still open; refunds are of succeeded ones.)
        if (found.sessionId !== null) await new SessionMoneyRepository(tx).lockSession(found.sessionId);
        const payment = (await payments.lock(paymentId))!;
        if (await repository.findByRequest(paymentId, input.requestId)) return null;
        payerId = payment.payerId;
        const facts = await factsOf(tx, payment, true);
        const plan = planRefund(facts);
        if (plan.blocked) throw conflict(plan.blocked);
        const problem = refundProblem(plan, input.amount, input.destination);
        if (problem) throw invalid(problem);
        const source = plan.source!;
        const now = new Date();
        const isReversal = input.destination === 'MPESA' && input.amount === plan.reversalAmount;
        const text = operatorRefundText({
          amount: input.amount,
          destination: input.destination,
          source,
          payerName: plan.payerName,
          phoneNumber: payment.phoneNumber,
          sessionReference: plan.sessionReference,
          isReversal,
        });
        const from: AccountRef =
          source === 'SESSION'
            ? { platform: 'SESSION_ESCROW' }
            : source === 'PLATFORM'
              ? { platform: 'COMMISSION' }
              : { wallet: payment.payerId };
        const to: AccountRef =
          input.destination === 'WALLET'
            ? { wallet: payment.payerId }
            : { platform: 'MPESA_REFUNDS_IN_FLIGHT' };
        const reference = `operator-refund:${payment.id}:${input.requestId}`;
        const posted = await postTransaction(tx, {
          kind: 'REFUND',
          reference,
          memo: memoOf(payment, input, plan.sessionReference),
          lines: [
            { account: from, amount: -input.amount },
            { account: to, amount: input.amount },
          ],
          links: {
            sessionId: payment.sessionId ?? undefined,
            participantId: source === 'SESSION' ? (payment.participantId ?? undefined) : undefined,
            paymentId: payment.id,
          },
        });
        if (input.destination === 'MPESA') {
          const sending = await new MpesaRefundsRepository(tx).insert({
            kind: 'REFUND',
            userId: payment.payerId,
            sessionId: payment.sessionId,
            participantId: payment.participantId,
            paymentId: payment.id,
            reference,
            phoneNumber: payment.phoneNumber!,
            method: isReversal ? 'REVERSAL' : 'B2C',
            amount: input.amount,
          });
          mpesaRefundId = sending.id;
        }
        await repository.addRefunded(payment.id, input.amount, now);
        const row = await repository.insert({
          paymentId: payment.id,
          requestId: input.requestId,
          amount: input.amount,
          destination: input.destination,
          source,
          sessionId: payment.sessionId,
          participantId: source === 'SESSION' ? payment.participantId : null,
          reason: input.reason,
          actorId: input.actorId,
          transactionId: posted.transactionId,
          mpesaRefundId,
        });
        const made: OperatorRefundRecord = {
          paymentId: payment.id,
          refundId: row.id,
          amount: input.amount,
          destination: input.destination,
          source,
          reason: input.reason,
          text,
          refundedBefore: payment.refunded,
          refundedAfter: payment.refunded + input.amount,
        };
        await audit(tx, made);
        return made;
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError) {
        throw invalid(adminRefundMessages.moreThanLeft(error.balance));
      }
      throw error;
    }
    if (!record) return null;
    operatorRefunds.inc({ source: record.source, destination: record.destination });
    operatorRefundedKes.inc({ destination: record.destination }, record.amount);
    if (mpesaRefundId !== null) await this.mpesaRefunds.dispatch([mpesaRefundId]);
    else await this.tellPayer(payerId, record);
    return record;
  }

  /** A refund to the wallet is told by e-mail at once (one to M-PESA when M-PESA answers). */
  private async tellPayer(payerId: number, record: OperatorRefundRecord): Promise<void> {
    const person = await new MpesaRefundsRepository(this.db).contact(payerId);
    if (!person) return;
    try {
      await this.channels.mailer.send({
        to: person.email,
        subject: `MyProsper refunded ${formatKes(record.amount)} to your wallet`,
        text: [
          `Hello ${person.name},`,
          '',
          `MyProsper refunded ${formatKes(record.amount)} of your payment to your MyProsper wallet, for any session or to withdraw.`,
          `Why: ${record.reason}`,
        ].join('\n'),
      });
    } catch (error) {
      this.channels.log.warn({ err: error, paymentId: record.paymentId }, 'refund e-mail failed');
    }
  }
}

function memoOf(payment: PaymentRow, input: OperatorRefundInput, sessionReference: string | null): string {
  const paid = payment.provider === 'CARD' ? 'card payment' : 'M-PESA payment';
  const receipt = payment.providerReference ? ` ${payment.providerReference}` : '';
  const session = sessionReference ? ` for session ${sessionReference}` : '';
  return input.destination === 'WALLET'
    ? `Refund by MyProsper of your ${paid}${receipt}${session}`
    : `Refund by MyProsper to M-PESA of your ${paid}${receipt}${session}`;
}

/** What deciding a refund reads, on locked rows when `lock` (the payment is locked by the caller). */
async function factsOf(db: DbOrTx, payment: PaymentRow, lock: boolean): Promise<RefundFacts> {
  const money = new SessionMoneyRepository(db);
  const ledger = new LedgerRepository(db);
  const repository = new OperatorRefundsRepository(db);
  let share: RefundFacts['share'] = null;
  let sessionReference: string | null = null;
  if (payment.sessionId !== null) {
    const session = lock
      ? await money.lockSession(payment.sessionId)
      : await money.findSession(payment.sessionId);
    sessionReference = session?.reference ?? null;
    if (session && payment.participantId !== null) {
      const participant = lock
        ? await money.lockParticipant(payment.participantId)
        : (await money.participantsOf(session.id)).find((p) => p.id === payment.participantId);
      const source = await ledger.sharePaymentSource(payment.participantId);
      const taken = await repository.takenFromEscrow(payment.participantId);
      const settlement = await money.findSettlement(session.id);
      share = {
        isPaid: participant?.paymentStatus === 'PAID' && source !== null && source.userId !== null,
        inEscrow: Math.max(0, (source?.amount ?? 0) - taken),
        sessionCancelled: session.status === 'CANCELLED',
        settledPaid: settlement?.paid ?? null,
        sessionEscrow: await ledger.sessionEscrow(session.id),
      };
    }
  }
  const voucher = payment.participantId === null ? await repository.voucherOf(payment.id) : null;
  return {
    payment: {
      provider: payment.provider,
      status: payment.status,
      amount: payment.amount,
      refunded: payment.refunded,
      phoneNumber: payment.phoneNumber,
      receipt: payment.providerReference,
      outcomeNote: payment.outcomeNote,
    },
    voucher,
    share,
    walletBalance: await ledger.walletBalance(payment.payerId),
    payerName: (await money.userName(payment.payerId)) ?? 'the payer',
    sessionReference,
  };
}
