import { randomBytes } from 'node:crypto';
import { paybillMessages } from '@myprosper/contract/paybill';
import {
  type MakeMpesaPaymentRequest,
  type MpesaCallbackBody,
  mobileMoneyAmount,
  mpesaFailureReason,
  type PaymentAttempt,
  parseMpesaPhone,
  paymentMessages,
} from '@myprosper/contract/payments';
import { sessionMessages } from '@myprosper/contract/sessions';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { AppError, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { type SessionRulesEnv, sessionRulesOf } from '../../lib/session-rules.ts';
import { type DarajaClient, parseStkCallback, type StkCallback } from '../../providers/mpesa.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { LedgerRepository } from '../wallet/wallet.door.ts';
import { dueCoverAmount, payDueCoverOnArrival } from './group-cover-payments.ts';
import { recordMpesaPrompt } from './mpesa-prompts.ts';
import { PaybillRepository } from './paybill.repository.ts';
import { releaseParkedMoney } from './paybill-ledger.ts';
import { type PaymentRow, PaymentsRepository, toPaymentAttempt } from './payments.repository.ts';
import { SessionMoneyRepository } from './session-money.repository.ts';
import { creditWallet, payShareFromWallet, type ShareProblem, sharePlan } from './session-payments.ts';
import { sendStkPush } from './stk-push.ts';

type MpesaEnv = SessionRulesEnv &
  Pick<Env, 'MPESA_CALLBACK_BASE_URL' | 'PUBLIC_URL' | 'MPESA_RECONCILE_AFTER_SECONDS'>;

/** Why a payment could not be started, as people read it. */
export function shareProblemMessage(problem: ShareProblem, balance = 0, share = 0): AppError {
  switch (problem) {
    case 'INSUFFICIENT_FUNDS':
      return invalid(paymentMessages.insufficientWallet(balance, share));
    case 'SESSION_CLOSED':
      return invalid(paymentMessages.notPayable);
    case 'EXPIRED':
      return invalid(paymentMessages.expired);
    case 'HOST_FIRST':
      return invalid(paymentMessages.hostFirst);
    case 'SLOT_TAKEN':
      return new AppError('CONFLICT', paymentMessages.slotTakenKept);
    case 'NOT_FOUND':
      return notFound(sessionMessages.sessionNotFound);
  }
}

/** Pushes made but never answered by Daraja are given up after this long. */
const unsentGiveUpMs = 10 * 60_000;

export type CallbackVerdict =
  | 'APPLIED_SUCCESS'
  | 'APPLIED_FAILURE'
  | 'UNKNOWN_TOKEN'
  | 'MISMATCH'
  | 'ALREADY_FINAL'
  | 'DUPLICATE_RECEIPT';

/**
 * What a successful push that pays for something other than a session share (a gift voucher) does once its
 * money is in the payer's wallet: `settle` inside the callback's transaction, `afterCommit` once it is saved.
 */
export interface WalletTopUpPurpose {
  settle(tx: DbOrTx, payment: PaymentRow, now: Date): Promise<void>;
  afterCommit(payment: PaymentRow): Promise<void>;
}

/**
 * M-PESA Express: starts a push for what the caller still owes for a session, applies its callback at most
 * once, and asks Daraja about pushes whose callback never came.
 */
export class MpesaService {
  constructor(
    private readonly db: Db,
    private readonly env: MpesaEnv,
    private readonly daraja: DarajaClient,
    private readonly log: FastifyBaseLogger,
    private readonly otherPurpose?: WalletTopUpPurpose,
  ) {}

  async initiate(caller: CurrentUser, input: MakeMpesaPaymentRequest): Promise<PaymentAttempt> {
    if (caller.role !== 'ADVISEE') throw forbidden(paymentMessages.onlyMentees);
    if (input.adviseeID !== undefined && Number(input.adviseeID) !== caller.id) {
      throw forbidden(paymentMessages.payForYourself);
    }
    const phone = parseMpesaPhone(input.phoneNumber ?? '');
    if (!phone.ok) throw invalid(phone.message);
    if (input.sessionId === undefined) throw invalid(paymentMessages.chooseSession);
    const sessionId = Number(input.sessionId);

    const money = new SessionMoneyRepository(this.db);
    const participant = await money.findParticipant(sessionId, caller.id);
    const session = await money.findSession(sessionId);
    if (!participant || !session) throw notFound(sessionMessages.sessionNotFound);
    // A paid host may still owe a group's cover (group-cover.service.ts): the push is for that.
    const cover =
      participant.paymentStatus === 'PAID' && participant.isHost
        ? await dueCoverAmount(this.db, sessionId)
        : null;
    if (participant.paymentStatus === 'PAID' && cover === null) throw invalid(paymentMessages.alreadyPaid);
    const now = new Date();
    if (await money.isClosedToPayments(sessionId)) throw invalid(paymentMessages.notPayable);
    const plan = sharePlan(session, participant, now, false);
    if (!plan.ok) throw shareProblemMessage(plan.problem);

    const balance = await new LedgerRepository(this.db).walletBalance(caller.id);
    const amount = mobileMoneyAmount(cover ?? participant.amount, balance);
    if (amount <= 0) throw invalid(paymentMessages.useCheckout);

    const token = randomBytes(32).toString('base64url');
    // One push waiting per attendee's share, and few per number per hour whoever asks: each one rings a phone.
    const payment = await this.db.transaction((tx) =>
      recordMpesaPrompt(
        tx,
        {
          purpose: `participant:${participant.id}`,
          hasPending: (locked) => new PaymentsRepository(locked).hasPendingPushFor(participant.id),
          phone: phone.phone,
          perHour: sessionRulesOf(this.env).mpesaPromptsPerNumberPerHour,
          now,
        },
        (locked) =>
          new PaymentsRepository(locked).insert({
            provider: 'MPESA',
            payerId: caller.id,
            sessionId,
            participantId: participant.id,
            amount,
            phoneNumber: phone.phone,
            callbackToken: token,
          }),
      ),
    );
    return sendStkPush({ db: this.db, daraja: this.daraja, env: this.env, log: this.log }, payment, {
      phoneNumber: phone.phone,
      accountReference: session.reference,
      description: 'MyProsper',
    });
  }

  /** The caller's latest payment attempt for a session (null when none). */
  async lastPayment(caller: CurrentUser, sessionId: number): Promise<PaymentAttempt | null> {
    const row = await new PaymentsRepository(this.db).latestForSession(caller.id, sessionId);
    return row ? toPaymentAttempt(row) : null;
  }

  /**
   * Daraja's callback for the payment the token names. Applied at most once, only when it matches the push
   * we made (ids, and on success the amount and a receipt not seen before), and only while PENDING.
   */
  async handleCallback(token: string, body: MpesaCallbackBody): Promise<CallbackVerdict> {
    const callback = parseStkCallback(body);
    let succeeded: PaymentRow | null = null;
    const verdict = await this.db.transaction(async (tx) => {
      const payments = new PaymentsRepository(tx);
      const payment = await payments.lockByToken(token);
      if (!payment || payment.provider !== 'MPESA') return 'UNKNOWN_TOKEN' as const;
      if (!matchesPush(payment, callback)) return 'MISMATCH' as const;
      // An EXPIRED push takes a late success (the money did leave the phone: it is applied, never lost); nothing
      // else changes a final payment.
      const isLateSuccess = payment.status === 'EXPIRED' && callback.resultCode === 0;
      if (payment.status !== 'PENDING' && !isLateSuccess) return 'ALREADY_FINAL' as const;
      if (callback.resultCode !== 0) {
        await this.applyFailure(tx, payment, callback.resultCode, callback.resultDesc);
        return 'APPLIED_FAILURE' as const;
      }
      if (callback.amount !== payment.amount || !callback.receipt) return 'MISMATCH' as const;
      if (await payments.findByReference('MPESA', callback.receipt)) return 'DUPLICATE_RECEIPT' as const;
      // Daraja may confirm the same receipt to our Paybill URLs too, before this callback: it counts once.
      const paybill = new PaybillRepository(tx);
      await paybill.lockReceipt(callback.receipt);
      const asPaybill = await paybill.lockPaymentByTransId(callback.receipt);
      if (asPaybill && asPaybill.status !== 'REVIEW') {
        await payments.markSucceeded(payment.id, {
          providerReference: null,
          resultCode: 0,
          resultDesc: callback.resultDesc,
          now: new Date(),
        });
        await payments.setOutcomeNote(payment.id, paybillMessages.countedAsPaybill(callback.receipt));
        return 'DUPLICATE_RECEIPT' as const;
      }
      if (asPaybill) {
        await releaseParkedMoney(tx, asPaybill);
        await paybill.updatePayment(asPaybill.id, {
          status: 'APPLIED',
          paymentId: payment.id,
          resolution: 'Matched to its M-PESA prompt',
        });
      }
      if (!payment.checkoutRequestId) {
        // The callback came before the push's answer was recorded: the token vouches for it.
        await payments.recordPushIds(payment.id, {
          merchantRequestId: callback.merchantRequestId,
          checkoutRequestId: callback.checkoutRequestId,
        });
      }
      await this.applySuccess(tx, payment, callback.receipt, callback.resultDesc);
      succeeded = payment;
      return 'APPLIED_SUCCESS' as const;
    });
    if (succeeded) await this.afterSuccess(succeeded);
    if (verdict !== 'APPLIED_SUCCESS' && verdict !== 'APPLIED_FAILURE') {
      this.log.warn(
        { verdict, checkoutRequestId: callback.checkoutRequestId },
        'M-PESA callback not applied',
      );
    }
    return verdict;
  }

  /**
   * A Paybill (C2B) payment for a share, inside the caller's transaction: recorded as an M-PESA payment with
   * its receipt (unique, so an STK push and a confirmation of the same receipt count once) and applied exactly
   * as an STK callback's success is: into the payer's wallet, then the share paid from it. Answers the payment.
   */
  async applyPaybill(
    tx: DbOrTx,
    input: { payerId: number; sessionId: number; participantId: number; amount: number; receipt: string },
  ): Promise<PaymentRow> {
    const payments = new PaymentsRepository(tx);
    const payment = await payments.insert({
      provider: 'MPESA',
      payerId: input.payerId,
      sessionId: input.sessionId,
      participantId: input.participantId,
      amount: input.amount,
      callbackToken: randomBytes(32).toString('base64url'),
    });
    await this.applySuccess(tx, payment, input.receipt, 'Paid by Paybill');
    return (await payments.find(payment.id))!;
  }

  /**
   * A push M-PESA confirmed another way (Transaction Status of the receipt a customer quotes: receipt-lookups.ts),
   * applied as its callback would have been, inside the caller's transaction. Still PENDING or EXPIRED only.
   */
  async applyConfirmedSuccess(tx: DbOrTx, payment: PaymentRow, receipt: string): Promise<void> {
    if (payment.status !== 'PENDING' && payment.status !== 'EXPIRED') return;
    await this.applySuccess(tx, payment, receipt, 'Confirmed by M-PESA Transaction Status');
  }

  /**
   * One transaction: the payment SUCCEEDED, the money into the payer's wallet from M-PESA clearing, then the
   * share it was for paid from the wallet. If the share cannot be paid any more (the slot was taken after
   * the hold lapsed, the session was cancelled), the money stays in the wallet and the payment says so.
   */
  private async applySuccess(tx: DbOrTx, payment: PaymentRow, receipt: string | null, desc: string) {
    const now = new Date();
    // The session first (lock order: payment, session, wallets), so a cancellation never waits in a circle.
    if (payment.sessionId !== null) await new SessionMoneyRepository(tx).lockSession(payment.sessionId);
    const payments = new PaymentsRepository(tx);
    const marked = await payments.markSucceeded(payment.id, {
      providerReference: receipt,
      resultCode: 0,
      resultDesc: desc,
      now,
    });
    if (!marked) return;
    await creditWallet(tx, {
      userId: payment.payerId,
      amount: payment.amount,
      kind: 'MPESA_TOPUP',
      from: 'MPESA_CLEARING',
      reference: `payment:${payment.id}`,
      memo: receipt ? `M-PESA top-up ${receipt}` : 'M-PESA top-up',
      paymentId: payment.id,
    });
    if (payment.participantId === null) {
      await this.otherPurpose?.settle(tx, payment, now);
      return;
    }
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
      // A paid host's push for a group's due cover pays it; otherwise the money stays in the wallet.
      if (!(await payDueCoverOnArrival(tx, payment, now))) {
        await payments.setOutcomeNote(payment.id, paymentMessages.alreadyPaidKept);
      }
    }
  }

  private async applyFailure(tx: DbOrTx, payment: PaymentRow, resultCode: number, resultDesc: string) {
    await new PaymentsRepository(tx).markFailed(payment.id, {
      resultCode,
      resultDesc,
      reason: mpesaFailureReason(resultCode),
      now: new Date(),
    });
  }

  /**
   * Pushes still pending after MPESA_RECONCILE_AFTER_SECONDS: Daraja is asked where each stands and a final
   * answer is applied as a callback would be. The query has no receipt; a recorded outcome is never
   * overwritten. Answers how many were settled.
   */
  async reconcile(now = new Date()): Promise<number> {
    const payments = new PaymentsRepository(this.db);
    const before = new Date(now.getTime() - this.env.MPESA_RECONCILE_AFTER_SECONDS * 1000);
    let settled = 0;
    for (const payment of await payments.pendingMpesa(before, 50)) {
      if (!payment.checkoutRequestId) {
        if (now.getTime() - payment.createdAt.getTime() < unsentGiveUpMs) continue;
        await payments.markFailed(payment.id, {
          resultCode: null,
          resultDesc: 'no push was recorded',
          reason: paymentMessages.mpesaUnavailable,
          now,
        });
        settled++;
        continue;
      }
      const outcome = await this.settleByQuery(payment);
      if (outcome === 'SUCCEEDED' || outcome === 'FAILED') settled++;
    }
    return settled;
  }

  /**
   * Asks Daraja where one push stands and applies a final answer as its callback would (the reconcile job,
   * the expiry job's last question, and an admin's "query again", also of an EXPIRED push: only a success
   * applies to it). `inTransaction` runs in the transaction that applies it. Answers what
   * came of it: still PENDING, SUCCEEDED or FAILED applied now, ALREADY_FINAL when something else settled
   * it first, UNAVAILABLE when there was no push to ask about or Daraja did not answer.
   */
  async settleByQuery(
    payment: PaymentRow,
    inTransaction?: (tx: DbOrTx, outcome: 'SUCCEEDED' | 'FAILED') => Promise<void>,
  ): Promise<'PENDING' | 'SUCCEEDED' | 'FAILED' | 'ALREADY_FINAL' | 'UNAVAILABLE'> {
    if (!payment.checkoutRequestId) return 'UNAVAILABLE';
    let result: Awaited<ReturnType<DarajaClient['stkPushQuery']>>;
    try {
      result = await this.daraja.stkPushQuery(payment.checkoutRequestId);
    } catch (error) {
      this.log.warn({ err: error, paymentId: payment.id }, 'M-PESA query failed');
      return 'UNAVAILABLE';
    }
    if (result.state === 'PENDING') return 'PENDING';
    const outcome = result.resultCode === 0 ? 'SUCCEEDED' : 'FAILED';
    const applied = await this.db.transaction(async (tx) => {
      const locked = await new PaymentsRepository(tx).lock(payment.id);
      // An EXPIRED push takes only a success (a query's failure may be wrong: reference 1.6).
      const isOpen =
        locked?.status === 'PENDING' || (locked?.status === 'EXPIRED' && result.resultCode === 0);
      if (!locked || !isOpen) return false;
      if (result.resultCode === 0) await this.applySuccess(tx, locked, null, result.resultDesc);
      else await this.applyFailure(tx, locked, result.resultCode, result.resultDesc);
      await inTransaction?.(tx, outcome);
      return true;
    });
    if (applied && outcome === 'SUCCEEDED') await this.afterSuccess(payment);
    return applied ? outcome : 'ALREADY_FINAL';
  }

  /** After a success was saved: what its other purpose does next (messages); a failure there is logged. */
  private async afterSuccess(payment: PaymentRow): Promise<void> {
    if (payment.participantId !== null || !this.otherPurpose) return;
    try {
      await this.otherPurpose.afterCommit(payment);
    } catch (error) {
      this.log.warn({ err: error, paymentId: payment.id }, 'M-PESA: the follow-up of a payment failed');
    }
  }
}

/** The callback names the push we made (ids recorded when Daraja accepted it). */
function matchesPush(payment: PaymentRow, callback: StkCallback): boolean {
  if (payment.checkoutRequestId && payment.checkoutRequestId !== callback.checkoutRequestId) return false;
  if (payment.merchantRequestId && payment.merchantRequestId !== callback.merchantRequestId) return false;
  return true;
}
