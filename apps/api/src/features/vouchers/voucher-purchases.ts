import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { pgErrorOf, uniqueViolation } from '../../db/database-errors.ts';
import type { Mailer } from '../../providers/mail.ts';
import type { SmsSender } from '../../providers/sms.ts';
import { PaymentsRepository, type WalletTopUpPurpose } from '../payments/payments.door.ts';
import { InsufficientFundsError, postTransaction } from '../wallet/wallet.door.ts';
import { hashVoucherCode, newVoucherCode } from './voucher-code.ts';
import { voucherEmail, voucherReceiptEmail, voucherSms } from './voucher-messages.ts';
import { VouchersRepository } from './vouchers.repository.ts';

export interface VoucherChannels {
  mailer: Mailer;
  /** SMS when the app has a sender. */
  sms: () => SmsSender | null;
  log: FastifyBaseLogger;
}

/** A payment as the purchase needs it (a row of payments). */
export interface PaidPayment {
  id: number;
  payerId: number;
}

export const voucherAlreadyPaidNote =
  'This voucher was already paid for, so the money was kept in your wallet.';
export const voucherNotPaidNote =
  'The voucher could not be paid when the money arrived, so it was kept in your wallet.';

/** A sender that took a delivery keeps it this long; after that another may take it (with a new code). */
const deliveryLeaseMs = 5 * 60_000;
/** The job leaves fresh payments to the sender that follows them. */
const deliveryGraceMs = 60_000;

/**
 * Buying a voucher, for every way of paying (card, M-PESA): once the provider's money is in the buyer's
 * wallet, `settle` moves the voucher's amount from the wallet to VOUCHERS and marks it paid, in the
 * payment's transaction. Then (after commit) `deliver` makes its code and sends it to the recipient by
 * e-mail and SMS with the buyer's note, and the buyer a receipt. A job delivers any a crash left unsent.
 */
export class VoucherPurchases {
  constructor(
    private readonly db: Db,
    private readonly env: Pick<Env, 'PUBLIC_URL'>,
    private readonly channels: VoucherChannels,
  ) {}

  /** The voucher a payment was made for, or null when it was for something else. */
  voucherOf(tx: DbOrTx, paymentId: number): Promise<number | null> {
    return new VouchersRepository(tx).voucherIdOfPayment(paymentId);
  }

  /**
   * In the payment's transaction, its money already in the payer's wallet: pays the voucher from it.
   * Answers the voucher id once paid, or a note when the money stays in the wallet (already paid for).
   */
  async settle(
    tx: DbOrTx,
    payment: PaidPayment,
    now: Date,
  ): Promise<{ voucherId: number; paid: true } | { voucherId: number; paid: false; note: string } | null> {
    const repository = new VouchersRepository(tx);
    const voucherId = await repository.voucherIdOfPayment(payment.id);
    if (voucherId === null) return null;
    const voucher = await repository.lock(voucherId);
    if (!voucher) return null;
    if (voucher.status !== 'PENDING_PAYMENT') {
      return { voucherId, paid: false, note: voucherAlreadyPaidNote };
    }
    try {
      await postTransaction(tx, {
        kind: 'VOUCHER_PURCHASE',
        reference: `voucher:${voucher.id}`,
        memo: `Gift voucher ${voucher.reference} for ${voucher.recipientName}`,
        lines: [
          { account: { wallet: payment.payerId }, amount: -voucher.amount },
          { account: { platform: 'VOUCHERS' }, amount: voucher.amount },
        ],
        links: { paymentId: payment.id },
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError)
        return { voucherId, paid: false, note: voucherNotPaidNote };
      throw error;
    }
    await repository.markPaid(voucher.id, now);
    return { voucherId, paid: true };
  }

  /**
   * Makes the code of a paid voucher and sends it (recipient: e-mail and SMS; buyer: receipt). Answers false
   * when it was already delivered or another sender has it. A failure leaves it for the job.
   */
  async deliver(voucherId: number, now = new Date()): Promise<boolean> {
    const repository = new VouchersRepository(this.db);
    let code = newVoucherCode();
    let claimed = null;
    for (let attempt = 1; ; attempt++) {
      try {
        claimed = await repository.claimDelivery(voucherId, hashVoucherCode(code), now, deliveryLeaseMs);
        break;
      } catch (error) {
        const info = pgErrorOf(error);
        if (attempt < 3 && info?.code === uniqueViolation) {
          code = newVoucherCode();
          continue;
        }
        throw error;
      }
    }
    if (!claimed) return false;
    const voucher = await repository.findRecord(voucherId);
    if (!voucher) return false;
    const facts = { voucher, code, publicUrl: this.env.PUBLIC_URL };
    await this.channels.mailer.send(voucherEmail(facts));
    const sms = this.channels.sms();
    if (sms) {
      try {
        const result = await sms.send({ to: voucher.recipientPhone, text: voucherSms(facts) });
        if (!result.isSent) {
          this.channels.log.warn({ voucherId, status: result.status }, 'voucher SMS not sent');
        }
      } catch (error) {
        // The e-mail carries the code too: an SMS failure does not hold the delivery back.
        this.channels.log.warn({ err: error, voucherId }, 'voucher SMS failed');
      }
    }
    await this.channels.mailer.send(voucherReceiptEmail(voucher));
    await repository.markDelivered(voucherId, hashVoucherCode(code), new Date());
    return true;
  }

  /** After a payment's transaction committed: delivers its voucher if it became paid; failures are logged. */
  async deliverAfterPayment(voucherId: number): Promise<void> {
    try {
      await this.deliver(voucherId);
    } catch (error) {
      this.channels.log.warn({ err: error, voucherId }, 'voucher delivery failed; the job will try again');
    }
  }

  /** Paid vouchers never confirmed sent (a crash, a mail failure): sent now, each with a new code. */
  async deliverPending(now = new Date()): Promise<number> {
    const ids = await new VouchersRepository(this.db).undelivered(
      new Date(now.getTime() - deliveryGraceMs),
      50,
    );
    let delivered = 0;
    for (const id of ids) {
      try {
        if (await this.deliver(id, now)) delivered++;
      } catch (error) {
        this.channels.log.warn({ err: error, voucherId: id }, 'voucher delivery failed');
      }
    }
    return delivered;
  }
}

/** The app's voucher purchases: its database, mailer, SMS sender and log. */
export function createVoucherPurchases(app: FastifyInstance): VoucherPurchases {
  return new VoucherPurchases(app.db.db, app.env, {
    mailer: app.mailer,
    sms: () => (app.hasDecorator('sms') ? app.sms : null),
    log: app.log,
  });
}

/**
 * The M-PESA side of a voucher purchase (MpesaService's hook for pushes that pay no session share): in the
 * callback's transaction the voucher is paid from the credited wallet; once saved its code is sent.
 */
export function voucherTopUpPurpose(purchases: VoucherPurchases, db: Db): WalletTopUpPurpose {
  return {
    async settle(tx, payment, now) {
      const settled = await purchases.settle(tx, payment, now);
      if (settled && !settled.paid) await new PaymentsRepository(tx).setOutcomeNote(payment.id, settled.note);
    },
    async afterCommit(payment) {
      const voucherId = await purchases.voucherOf(db, payment.id);
      if (voucherId !== null) await purchases.deliverAfterPayment(voucherId);
    },
  };
}
