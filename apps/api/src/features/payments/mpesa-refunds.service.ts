import {
  b2cMaximumKes,
  type MpesaRefund,
  mpesaRefundText,
  type RefundDestination,
  refundMessages,
  type WithdrawalRulesView,
  withdrawalQuote,
} from '@myprosper/contract/refunds';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { pgErrorOf, uniqueViolation } from '../../db/database-errors.ts';
import { forbidden, invalid } from '../../lib/errors.ts';
import type { Mailer } from '../../providers/mail.ts';
import type { SmsSender } from '../../providers/sms.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { InsufficientFundsError, LedgerRepository, postTransaction } from '../wallet/wallet.door.ts';
import type { MpesaDisbursements } from './mpesa-disbursements.service.ts';
import { type MpesaRefundRow, MpesaRefundsRepository } from './mpesa-refunds.repository.ts';
import { type SendOutcome, settleMpesaRefund } from './mpesa-refunds.ts';

/** The purpose our sendings are registered under with the Daraja core (its handler settles them). */
export const mpesaRefundPurpose = 'refund';

/** The Daraja core's request of one sending: named by our reference, `mpesa-refund:<id>:<method>`. */
function requestReference(row: Pick<MpesaRefundRow, 'id' | 'method'>): string {
  return `mpesa-refund:${row.id}:${row.method}`;
}

function sendingOf(reference: string): { id: number; method: string } | null {
  const match = /^mpesa-refund:(\d+):(REVERSAL|B2C)$/.exec(reference);
  return match ? { id: Number(match[1]), method: match[2]! } : null;
}

/** The Daraja core as sendings use it: B2C and Reversal, and the registry of outcome handlers. */
export type MpesaSender = Pick<MpesaDisbursements, 'request' | 'reverse' | 'onOutcome'>;

export interface MpesaRefundsOptions {
  db: Db;
  rules: { minimum: number; fee: number };
  channels: { mailer: Mailer; sms: () => SmsSender | null; log: FastifyBaseLogger };
}

export function toMpesaRefund(row: MpesaRefundRow): MpesaRefund {
  const view = {
    id: row.id,
    kind: row.kind,
    sessionId: row.sessionId,
    amount: row.amount,
    fee: row.fee,
    sent: row.amount - row.fee,
    phoneNumber: row.phoneNumber,
    status: row.status,
    receipt: row.receipt,
    reason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
  return { ...view, text: mpesaRefundText(view) };
}

/**
 * Refunds and withdrawals to M-PESA: the saved refund choice, withdrawals from a wallet to its owner's verified
 * number, handing pending sendings to Daraja (at once after their commit, and by a job for any left behind),
 * and Daraja's answers settled once, with the person told by e-mail and SMS.
 */
export class MpesaRefundsService {
  private sender: MpesaSender | null = null;

  constructor(private readonly options: MpesaRefundsOptions) {}

  /**
   * The Daraja core (app.ts): our requests' outcomes settle sendings in the transaction that records them,
   * and once that commits the person is told (or a reversal M-PESA could not place is sent again by B2C).
   */
  useSender(sender: MpesaSender): void {
    this.sender = sender;
    const pending = new Map<string, () => Promise<void>>();
    sender.onOutcome(
      mpesaRefundPurpose,
      async (tx, request, outcome) => {
        const sending = sendingOf(request.reference);
        if (!sending) return;
        const result: SendOutcome =
          outcome.state === 'SUCCEEDED'
            ? { ok: true, receipt: outcome.receipt }
            : // Our own words: the core's say it will try again, while a failed sending lands in the wallet.
              { ok: false, resultCode: outcome.resultCode };
        const after = await this.settleInTransaction(tx, sending.id, sending.method, result);
        pending.set(request.reference, after);
      },
      async (request) => {
        const after = pending.get(request.reference);
        pending.delete(request.reference);
        await after?.();
      },
    );
  }

  private get db(): Db {
    return this.options.db;
  }

  async preference(caller: CurrentUser): Promise<RefundDestination> {
    return new MpesaRefundsRepository(this.db).preference(caller.id);
  }

  async savePreference(caller: CurrentUser, destination: RefundDestination): Promise<void> {
    await new MpesaRefundsRepository(this.db).savePreference(caller.id, destination, new Date());
  }

  async list(caller: CurrentUser, sessionId?: number): Promise<MpesaRefund[]> {
    const rows = await new MpesaRefundsRepository(this.db).listFor(caller.id, sessionId);
    return rows.map(toMpesaRefund);
  }

  async withdrawalRules(caller: CurrentUser): Promise<WithdrawalRulesView> {
    const balance = await new LedgerRepository(this.db).walletBalance(caller.id);
    const phoneNumber = await new MpesaRefundsRepository(this.db).verifiedPhone(caller.id);
    return { ...this.options.rules, maximum: b2cMaximumKes, balance, phoneNumber };
  }

  /**
   * Withdraws from the caller's wallet to their verified number: wallet → MPESA_REFUNDS_IN_FLIGHT and a pending
   * row, in one transaction, then Daraja is asked. The wallet's row lock decides two requests at once (the
   * second finds the money gone); the same `requestId` again answers the first withdrawal and moves nothing.
   */
  async withdraw(caller: CurrentUser, input: { amount: number; requestId: string }): Promise<MpesaRefund> {
    if (caller.role === 'ADMIN') throw forbidden(refundMessages.verifyPhoneFirst);
    const repository = new MpesaRefundsRepository(this.db);
    const phone = await repository.verifiedPhone(caller.id);
    if (!phone) throw forbidden(refundMessages.verifyPhoneFirst);
    const reference = `withdraw:${caller.id}:${input.requestId}`;
    let row: MpesaRefundRow;
    try {
      row = await this.db.transaction(async (tx) => {
        const earlier = await new MpesaRefundsRepository(tx).findByReference(reference);
        if (earlier) return earlier;
        const balance = await new LedgerRepository(tx).walletBalance(caller.id);
        const quote = withdrawalQuote(input.amount, balance, this.options.rules);
        if (!quote.ok) throw invalid(quote.message);
        const inserted = await new MpesaRefundsRepository(tx).insert({
          kind: 'WITHDRAWAL',
          userId: caller.id,
          reference,
          phoneNumber: phone,
          method: 'B2C',
          amount: input.amount,
          fee: quote.fee,
        });
        await postTransaction(tx, {
          kind: 'WITHDRAWAL',
          reference: `withdraw:${inserted.id}`,
          memo: `Withdrawal to M-PESA ${phone}`,
          lines: [
            { account: { wallet: caller.id }, amount: -input.amount },
            { account: { platform: 'MPESA_REFUNDS_IN_FLIGHT' }, amount: input.amount },
          ],
        });
        return inserted;
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError) {
        throw invalid(refundMessages.moreThanBalance(error.balance));
      }
      const info = pgErrorOf(error);
      if (info?.code === uniqueViolation && info.constraint === 'mpesa_refunds_reference_unique') {
        const first = await repository.findByReference(reference);
        if (first) return toMpesaRefund(first);
      }
      throw error;
    }
    await this.dispatch([row.id]);
    return toMpesaRefund((await repository.find(row.id)) ?? row);
  }

  /**
   * Hands pending sendings to Daraja. Asking again is harmless (the core answers the request it has under the
   * same reference and sends nothing), so the job asks for every pending one; a failure is logged.
   */
  async dispatch(ids: readonly number[]): Promise<void> {
    for (const id of ids) {
      try {
        await this.dispatchOne(id);
      } catch (error) {
        this.options.channels.log.warn(
          { err: error, mpesaRefundId: id },
          'M-PESA refund not handed to Daraja',
        );
      }
    }
  }

  /** Sendings still pending a while after they were decided (the process may have stopped in between). */
  async dispatchLeftBehind(now = new Date()): Promise<number> {
    const rows = await new MpesaRefundsRepository(this.db).pending(new Date(now.getTime() - 30_000), 50);
    await this.dispatch(rows.map((row) => row.id));
    return rows.length;
  }

  private async dispatchOne(id: number): Promise<void> {
    const sender = this.sender;
    if (!sender) return;
    const repository = new MpesaRefundsRepository(this.db);
    const row = await repository.find(id);
    if (!row || row.status !== 'PENDING') return;
    if (row.requestedAt === null) await repository.markRequested(row.id, row.method, new Date());
    const reference = requestReference(row);
    const remarks =
      row.kind === 'WITHDRAWAL' ? `MyProsper withdrawal ${row.id}` : `MyProsper refund ${row.id}`;
    const receipt = row.method === 'REVERSAL' ? await this.receiptOf(row) : null;
    if (row.method === 'REVERSAL' && receipt) {
      await sender.reverse({ purpose: mpesaRefundPurpose, reference, receipt, amount: row.amount, remarks });
    } else {
      await sender.request({
        kind: 'B2C',
        purpose: mpesaRefundPurpose,
        reference,
        phone: row.phoneNumber,
        amount: row.amount - row.fee,
        remarks,
      });
    }
  }

  private async receiptOf(row: MpesaRefundRow): Promise<string | null> {
    if (row.paymentId === null) return null;
    return new MpesaRefundsRepository(this.db).paymentReceipt(row.paymentId);
  }

  /**
   * Daraja's final answer for the sending `refundId`, in the transaction that records it (the Daraja core's
   * handler). Answers what to do once it commits: tell the person, or send again by B2C.
   */
  async settleInTransaction(
    tx: DbOrTx,
    refundId: number,
    method: string,
    outcome: SendOutcome,
    now = new Date(),
  ): Promise<() => Promise<void>> {
    const settled = await settleMpesaRefund(tx, refundId, method, outcome, now);
    switch (settled.status) {
      case 'PAID':
      case 'FAILED':
        return () => this.tell(settled.row);
      case 'RETRY_B2C':
        await new MpesaRefundsRepository(tx).markRequested(refundId, 'B2C', now);
        return () => this.dispatchOne(refundId);
      case 'ALREADY_FINAL':
        return async () => {};
    }
  }

  /** The person hears what became of their money: e-mail and SMS to their verified number. */
  private async tell(row: MpesaRefundRow): Promise<void> {
    const { mailer, sms, log } = this.options.channels;
    const person = await new MpesaRefundsRepository(this.db).contact(row.userId);
    if (!person) return;
    const text = toMpesaRefund(row).text;
    const subject =
      row.status === 'PAID'
        ? row.kind === 'WITHDRAWAL'
          ? 'Your withdrawal reached M-PESA'
          : 'Your refund reached M-PESA'
        : row.kind === 'WITHDRAWAL'
          ? 'Your withdrawal could not be sent'
          : 'Your refund is in your wallet';
    try {
      await mailer.send({ to: person.email, subject, text: `Hello ${person.name},\n\n${text}` });
    } catch (error) {
      log.warn({ err: error }, 'M-PESA refund e-mail failed');
    }
    const sender = sms();
    if (sender && person.phone) {
      try {
        await sender.send({ to: person.phone, text: `MyProsper: ${text}` });
      } catch (error) {
        log.warn({ err: error }, 'M-PESA refund SMS failed');
      }
    }
  }
}

const refundsOfApp = new WeakMap<FastifyInstance, MpesaRefundsService>();

/**
 * The refunds service as the app runs it, sending through the Daraja core: one per app, whoever asks (app.ts,
 * or a test through wireFeatures), as its outcome handler is registered once on the core.
 */
export function createMpesaRefunds(app: FastifyInstance, sender: MpesaSender): MpesaRefundsService {
  const built = refundsOfApp.get(app);
  if (built) return built;
  const made = new MpesaRefundsService({
    db: app.db.db,
    rules: { minimum: app.env.WITHDRAW_MINIMUM_KES, fee: app.env.WITHDRAW_FEE_KES },
    channels: { mailer: app.mailer, sms: () => (app.hasDecorator('sms') ? app.sms : null), log: app.log },
  });
  made.useSender(sender);
  refundsOfApp.set(app, made);
  return made;
}
