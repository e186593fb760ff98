import {
  accountReferencePattern,
  type C2bNotification,
  normaliseAccountReference,
  type PaybillDetails,
  type PaybillProblem,
  paybillMessages,
} from '@myprosper/contract/paybill';
import { mobileMoneyAmount, paymentMessages } from '@myprosper/contract/payments';
import { sessionMessages } from '@myprosper/contract/sessions';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { AppError, forbidden, invalid, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { LedgerRepository } from '../wallet/wallet.door.ts';
import { dueCoverAmount } from './group-cover-payments.ts';
import { type MpesaService, shareProblemMessage } from './mpesa.service.ts';
import { type PaybillPaymentRow, PaybillRepository } from './paybill.repository.ts';
import { parkPaybillMoney, releaseParkedMoney } from './paybill-ledger.ts';
import { PaymentsRepository } from './payments.repository.ts';
import { attachConfirmedReceipt, couldBePhone, type ReceiptStatus } from './receipt-status.ts';
import { SessionMoneyRepository } from './session-money.repository.ts';
import { sharePlan } from './session-payments.ts';

type PaybillEnv = Pick<Env, 'MPESA_SHORTCODE'>;

/** Asks M-PESA about a receipt (Transaction Status, asynchronous); the answer comes to `codeStatusResult`. */
export interface PaybillStatusCheck {
  checkReceipt(checkId: number, receipt: string): Promise<void>;
}

export type ConfirmationVerdict = 'APPLIED' | 'PARKED' | 'DUPLICATE' | 'ALREADY_COUNTED';

/** A whole number of shillings from M-PESA's decimal text ('2500.00', '10'); null when it is not one. */
export function wholeShillings(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  if (match[2] && Number(match[2]) !== 0) return null;
  return Number(match[1]);
}

/**
 * The Paybill fallback (issue 21): each share gets a short account reference; Daraja's C2B validation
 * refuses what names no booking or the wrong amount, and its confirmation pays the booking exactly as an STK
 * push does (MpesaService.applyPaybill). Whatever cannot be matched is KEPT (paybill_payments, its money in
 * PAYBILL_SUSPENSE) for an admin to credit to a wallet or send back (paybill-review.service.ts). A typed
 * M-PESA code claims a payment that came in under a wrong reference, or one whose confirmation never came
 * (Transaction Status).
 */
export class PaybillService {
  constructor(
    private readonly db: Db,
    private readonly env: PaybillEnv,
    private readonly mpesa: MpesaService,
    private readonly log: FastifyBaseLogger,
    private readonly statusCheck: PaybillStatusCheck | null = null,
  ) {}

  /** What the caller still owes for a session by M-PESA, or why nothing can be paid now. */
  private async owed(caller: CurrentUser, sessionId: number) {
    if (caller.role !== 'ADVISEE') throw forbidden(paymentMessages.onlyMentees);
    const money = new SessionMoneyRepository(this.db);
    const participant = await money.findParticipant(sessionId, caller.id);
    const session = await money.findSession(sessionId);
    if (!participant || !session) throw notFound(sessionMessages.sessionNotFound);
    const cover =
      participant.paymentStatus === 'PAID' && participant.isHost
        ? await dueCoverAmount(this.db, sessionId)
        : null;
    const problem = await (async (): Promise<AppError | null> => {
      if (participant.paymentStatus === 'PAID' && cover === null) return invalid(paymentMessages.alreadyPaid);
      if (await money.isClosedToPayments(sessionId)) return invalid(paymentMessages.notPayable);
      const plan = sharePlan(session, participant, new Date(), false);
      return plan.ok ? null : shareProblemMessage(plan.problem);
    })();
    const balance = await new LedgerRepository(this.db).walletBalance(caller.id);
    const amount = problem ? 0 : mobileMoneyAmount(cover ?? participant.amount, balance);
    return {
      participant,
      amount,
      problem: problem ?? (amount <= 0 ? invalid(paymentMessages.useCheckout) : null),
    };
  }

  /**
   * How to pay this session by Paybill: our business number, the share's account reference and the exact
   * amount (remembered: a payment of exactly it confirms the booking), and the last typed code's state.
   * Nothing left to pay: amount 0.
   */
  async details(caller: CurrentUser, sessionId: number): Promise<PaybillDetails> {
    const { participant, amount, problem } = await this.owed(caller, sessionId);
    const repository = new PaybillRepository(this.db);
    const reference = problem
      ? await repository.referenceOfParticipant(participant.id)
      : await repository.referenceFor(participant.id, amount);
    const check = await repository.latestCheckOf(participant.id);
    return {
      businessNumber: this.env.MPESA_SHORTCODE,
      accountReference: reference?.reference ?? '',
      amount: problem ? 0 : amount,
      lastCode: check ? { code: check.code, status: check.status, reason: check.reason } : null,
    };
  }

  /** Daraja's validation: accept a payment naming a booking with its exact amount, refuse others (C2B000xx). */
  async validate(body: C2bNotification): Promise<{ ResultCode: string; ResultDesc: string }> {
    if (body.BusinessShortCode !== this.env.MPESA_SHORTCODE)
      return { ResultCode: 'C2B00015', ResultDesc: 'Rejected' };
    const reference = normaliseAccountReference(body.BillRefNumber);
    const row = accountReferencePattern.test(reference)
      ? await new PaybillRepository(this.db).findReference(reference)
      : null;
    if (!row) return { ResultCode: 'C2B00012', ResultDesc: 'Rejected' };
    if (wholeShillings(body.TransAmount) !== row.amount)
      return { ResultCode: 'C2B00013', ResultDesc: 'Rejected' };
    return { ResultCode: '0', ResultDesc: 'Accepted' };
  }

  /**
   * Daraja's confirmation: the money has moved. Recorded once per receipt; a receipt already counted as an
   * STK payment is noted and nothing more; otherwise matched to its booking and applied, or kept for review.
   */
  async confirm(body: C2bNotification): Promise<ConfirmationVerdict> {
    const amount = wholeShillings(body.TransAmount);
    const verdict = await this.db.transaction(async (tx) => {
      const repository = new PaybillRepository(tx);
      await repository.lockReceipt(body.TransID);
      const fields = {
        transId: body.TransID,
        source: 'CONFIRMATION',
        transactionType: body.TransactionType,
        transTime: body.TransTime,
        amountText: body.TransAmount,
        amount: amount ?? Math.max(0, Math.floor(Number(body.TransAmount) || 0)),
        shortCode: body.BusinessShortCode,
        billRefNumber: body.BillRefNumber ?? '',
        accountReference: normaliseAccountReference(body.BillRefNumber),
        msisdn: body.MSISDN,
        payerName: [body.FirstName, body.MiddleName, body.LastName].filter(Boolean).join(' '),
      };
      const stk = await new PaymentsRepository(tx).findByReference('MPESA', body.TransID);
      if (stk) {
        await repository.insertPayment({
          ...fields,
          status: 'APPLIED',
          paymentId: stk.id,
          participantId: stk.participantId,
          resolution: 'Counted as its M-PESA prompt',
        });
        return 'ALREADY_COUNTED' as const;
      }
      const row = await repository.insertPayment({ ...fields, status: 'REVIEW' });
      if (!row) return 'DUPLICATE' as const;
      return this.match(tx, row, amount === null ? 'NOT_WHOLE_SHILLINGS' : null);
    });
    this.log.info({ verdict, receipt: body.TransID }, 'M-PESA Paybill confirmation');
    return verdict;
  }

  /** Applies a new Paybill payment to the booking its reference names, or keeps it for review. */
  private async match(
    tx: DbOrTx,
    row: PaybillPaymentRow,
    problem: PaybillProblem | null,
  ): Promise<'APPLIED' | 'PARKED'> {
    const repository = new PaybillRepository(tx);
    const reference =
      row.shortCode === this.env.MPESA_SHORTCODE && accountReferencePattern.test(row.accountReference)
        ? await repository.findReference(row.accountReference)
        : null;
    const participant = reference ? await repository.participantById(reference.participantId) : null;
    const found = participant && participant.adviseeId !== null ? participant : null;
    const why = problem ?? (await this.problemOf(tx, row, reference?.amount ?? null, found));
    if (why !== null || !found) {
      await this.park(tx, row, why ?? 'UNKNOWN_REFERENCE', found?.id ?? null);
      return 'PARKED';
    }
    const payment = await this.mpesa.applyPaybill(tx, {
      payerId: found.adviseeId!,
      sessionId: found.sessionId,
      participantId: found.id,
      amount: row.amount,
      receipt: row.transId,
    });
    await repository.updatePayment(row.id, {
      status: 'APPLIED',
      paymentId: payment.id,
      participantId: found.id,
    });
    return 'APPLIED';
  }

  private async problemOf(
    tx: DbOrTx,
    row: PaybillPaymentRow,
    due: number | null,
    participant: { id: number; sessionId: number; paymentStatus: string; isHost: boolean } | null,
  ): Promise<PaybillProblem | null> {
    if (!participant || due === null) return 'UNKNOWN_REFERENCE';
    if (row.amount !== due) return 'WRONG_AMOUNT';
    if (participant.paymentStatus === 'PAID') {
      const cover = participant.isHost ? await dueCoverAmount(tx, participant.sessionId) : null;
      if (cover === null) return 'ALREADY_PAID';
    }
    if (await new SessionMoneyRepository(tx).isClosedToPayments(participant.sessionId)) return 'NOT_PAYABLE';
    return null;
  }

  private async park(
    tx: DbOrTx,
    row: PaybillPaymentRow,
    problem: PaybillProblem,
    participantId: number | null,
  ) {
    const parkedTransactionId = await parkPaybillMoney(tx, row);
    await new PaybillRepository(tx).updatePayment(row.id, {
      status: 'REVIEW',
      problem,
      participantId,
      parkedTransactionId,
    });
  }

  // ---- A typed M-PESA code ----

  /**
   * The mentee typed the M-PESA code of a Paybill payment for this session. A payment we already have is
   * claimed at once when it is theirs (their verified phone, the amount due, our shortcode); one we never
   * heard of is asked of M-PESA (Transaction Status), and the answer applies it. A code pays once.
   */
  async claimCode(caller: CurrentUser, sessionId: number, code: string): Promise<PaybillDetails> {
    const { participant, amount, problem } = await this.owed(caller, sessionId);
    const known = await new PaybillRepository(this.db).findPaymentByTransId(code);
    if (known?.status === 'APPLIED' && known.participantId === participant.id)
      return this.details(caller, sessionId);
    if (known && known.status !== 'REVIEW') throw invalid(paybillMessages.codeUsed);
    const stk = await new PaymentsRepository(this.db).findByReference('MPESA', code);
    if (stk) {
      if (stk.participantId === participant.id) return this.details(caller, sessionId);
      throw invalid(paybillMessages.codeUsed);
    }
    if (problem) throw problem;
    const phone = await new PaybillRepository(this.db).verifiedPhoneOf(caller.id);
    if (!phone) throw forbidden(paybillMessages.codeNotYours);

    if (known) {
      await this.claimKept(caller, participant.id, sessionId, known.id, code, phone, amount);
      return this.details(caller, sessionId);
    }
    if (!this.statusCheck) throw new AppError('UNAVAILABLE', paybillMessages.codeUnavailable);
    const check = await new PaybillRepository(this.db).insertCodeCheck({
      code,
      participantId: participant.id,
      payerId: caller.id,
      amount,
    });
    if (!check) {
      const open = await new PaybillRepository(this.db).openCheckOfCode(code);
      if (open?.participantId === participant.id) return this.details(caller, sessionId);
      throw invalid(paybillMessages.codeUsed);
    }
    try {
      await this.statusCheck.checkReceipt(check.id, code);
    } catch (error) {
      this.log.warn({ err: error, checkId: check.id }, 'M-PESA: a typed code could not be checked');
      await new PaybillRepository(this.db).settleCodeCheck(
        check.id,
        'REFUSED',
        paybillMessages.codeUnavailable,
      );
      throw new AppError('UNAVAILABLE', paybillMessages.codeUnavailable);
    }
    return this.details(caller, sessionId);
  }

  /** A kept payment claimed by its code: only the payer's own, of the amount due, moves to the booking. */
  private async claimKept(
    caller: CurrentUser,
    participantId: number,
    sessionId: number,
    paybillPaymentId: number,
    code: string,
    phone: string,
    due: number,
  ): Promise<void> {
    const refusal = await this.db.transaction(async (tx) => {
      const repository = new PaybillRepository(tx);
      await repository.lockReceipt(code);
      const row = await repository.lockPayment(paybillPaymentId);
      if (!row || row.status !== 'REVIEW') return paybillMessages.codeUsed;
      if (row.shortCode !== this.env.MPESA_SHORTCODE) return paybillMessages.codeNotOurs;
      if (!couldBePhone(row.msisdn, phone)) return paybillMessages.codeNotYours;
      if (row.amount !== due) return paybillMessages.codeWrongAmount(row.amount, due);
      await releaseParkedMoney(tx, row);
      const payment = await this.mpesa.applyPaybill(tx, {
        payerId: caller.id,
        sessionId,
        participantId,
        amount: row.amount,
        receipt: row.transId,
      });
      await repository.updatePayment(row.id, {
        status: 'APPLIED',
        paymentId: payment.id,
        participantId,
        problem: null,
        resolution: 'Claimed by its payer with the M-PESA code',
      });
      return null;
    });
    if (refusal) throw invalid(refusal);
  }

  /**
   * M-PESA's answer about a typed code. It pays the booking when M-PESA completed it to our shortcode, from
   * the caller's verified phone, for the amount due; otherwise the check is refused with the reason shown.
   * A payment M-PESA confirms but that cannot pay the booking is kept for review, never lost.
   */
  async codeStatusResult(
    tx: DbOrTx,
    checkId: number,
    status: ReceiptStatus,
  ): Promise<'CONFIRMED' | 'REFUSED' | 'IGNORED'> {
    const repository = new PaybillRepository(tx);
    const check = await repository.lockCodeCheck(checkId);
    if (!check || check.status !== 'CHECKING' || check.code !== status.receipt) return 'IGNORED';
    await repository.lockReceipt(check.code);
    const refuse = async (reason: string) => {
      await repository.settleCodeCheck(check.id, 'REFUSED', reason);
      return 'REFUSED' as const;
    };
    if (status.unavailable) return refuse(paybillMessages.codeUnavailable);
    if (!status.found) return refuse(paybillMessages.codeNotFound);
    if (!status.creditPartyName.trim().startsWith(this.env.MPESA_SHORTCODE)) {
      return refuse(paybillMessages.codeNotOurs);
    }
    const phone = await repository.verifiedPhoneOf(check.payerId);
    const debitNumber = status.debitPartyName.split(' - ')[0]?.trim() ?? '';
    if (!phone || !couldBePhone(debitNumber, phone)) return refuse(paybillMessages.codeNotYours);
    if (
      (await repository.findPaymentByTransId(check.code)) ||
      (await new PaymentsRepository(tx).findByReference('MPESA', check.code))
    ) {
      return refuse(paybillMessages.codeUsed);
    }
    // A push of ours that M-PESA settled without telling us its receipt (the STK query has none): the code
    // is that push's, which gets it now; it never counts again as a Paybill payment.
    const push = await attachConfirmedReceipt(tx, this.mpesa, this.env.MPESA_SHORTCODE, status);
    if (push) {
      if (push.participantId !== check.participantId) return refuse(paybillMessages.codeUsed);
      await repository.settleCodeCheck(check.id, 'CONFIRMED', null);
      return 'CONFIRMED' as const;
    }
    const participant = await repository.participantById(check.participantId);
    const row = await repository.insertPayment({
      transId: check.code,
      source: 'TYPED_CODE',
      transactionType: 'Pay Bill',
      transTime: status.finalisedTime,
      amountText: String(status.amount ?? 0),
      amount: status.amount ?? 0,
      shortCode: this.env.MPESA_SHORTCODE,
      msisdn: debitNumber,
      payerName: status.debitPartyName.split(' - ')[1]?.trim() ?? '',
      status: 'REVIEW',
      participantId: check.participantId,
    });
    if (!row || !participant) return refuse(paybillMessages.codeUsed);
    const why = await this.problemOf(tx, row, check.amount, participant);
    if (why) {
      await this.park(tx, row, why, participant.id);
      return refuse(
        why === 'WRONG_AMOUNT'
          ? paybillMessages.codeWrongAmount(row.amount, check.amount)
          : paybillMessages.problems[why],
      );
    }
    const payment = await this.mpesa.applyPaybill(tx, {
      payerId: check.payerId,
      sessionId: participant.sessionId,
      participantId: participant.id,
      amount: row.amount,
      receipt: row.transId,
    });
    await repository.updatePayment(row.id, { status: 'APPLIED', paymentId: payment.id });
    await repository.settleCodeCheck(check.id, 'CONFIRMED', null);
    return 'CONFIRMED' as const;
  }
}
