import { adminMoneyMessages } from '@myprosper/contract/admin-money';
import { formatKes } from '@myprosper/contract/payments';
import { sessionPrice } from '@myprosper/contract/pricing';
import { nameForMessages } from '@myprosper/contract/validation';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../providers/mail.ts';
import { BookingRepository } from '../booking/booking.door.ts';
import { type LedgerLine, postTransaction } from '../wallet/wallet.door.ts';
import { type VoucherRecord, type VoucherRow, VouchersRepository } from './vouchers.repository.ts';

/**
 * The ledger lines of refunding a voucher: what the buyer paid back to their wallet, and what MyProsper added to
 * it (an extension to today's price) back to the commission it came from.
 */
export function voucherRefundLines(
  voucher: Pick<VoucherRow, 'amount' | 'toppedUp' | 'buyerId'>,
): LedgerLine[] {
  const lines: LedgerLine[] = [
    { account: { platform: 'VOUCHERS' }, amount: -voucher.amount },
    { account: { wallet: voucher.buyerId }, amount: voucher.amount - voucher.toppedUp },
  ];
  if (voucher.toppedUp > 0) lines.push({ account: { platform: 'COMMISSION' }, amount: voucher.toppedUp });
  return lines;
}

/** Writes the operator's audit row inside the change's own transaction: both land, or neither. */
export type VoucherAudit = (tx: DbOrTx, before: VoucherRow, after: VoucherRecord) => Promise<void>;

/**
 * What an operator may do with a gift voucher: cancel an unused one with its money back to the buyer's
 * wallet, or give an unused one to another active mentor of its program (its mentor left, or the recipient
 * asked). The buyer is told by e-mail. The admin console calls these and keeps the audit rows.
 */
export class VoucherAdministration {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  async find(voucherId: number): Promise<VoucherRecord> {
    const record = await new VouchersRepository(this.db).findRecord(voucherId);
    if (!record) throw notFound(adminMoneyMessages.voucherNotFound);
    return record;
  }

  mentorsGiving(topicId: number) {
    return new VouchersRepository(this.db).mentorsGiving(topicId);
  }

  /** Today's price of a session a voucher pays for (INDIVIDUAL); 0 when no price is set. */
  async currentPrice(): Promise<number> {
    const setting = await new BookingRepository(this.db).findPricing('INDIVIDUAL');
    return setting ? sessionPrice(setting) : 0;
  }

  /** ACTIVE → REFUNDED, its amount from the voucher account to the buyer's wallet (once: one reference). */
  async refund(voucherId: number, reason: string, audit: VoucherAudit): Promise<VoucherRecord> {
    const after = await this.db.transaction(async (tx) => {
      const repository = new VouchersRepository(tx);
      const voucher = await repository.lock(voucherId);
      if (!voucher) throw notFound(adminMoneyMessages.voucherNotFound);
      if (voucher.status !== 'ACTIVE') throw conflict(adminMoneyMessages.voucherNotRefundable);
      const now = new Date();
      await postTransaction(tx, {
        kind: 'VOUCHER_REFUND',
        reference: `voucher-refund:${voucher.id}`,
        memo: `Gift voucher ${voucher.reference} cancelled by MyProsper and refunded`,
        lines: voucherRefundLines(voucher),
      });
      if (!(await repository.markRefunded(voucher.id, now))) {
        throw conflict(adminMoneyMessages.voucherNotRefundable);
      }
      const record = (await repository.findRecord(voucher.id))!;
      await audit(tx, voucher, record);
      return record;
    });
    await this.tellBuyer(after, {
      subject: `Your gift voucher ${after.reference} was cancelled`,
      lines: [
        `Your gift voucher ${after.reference} for ${after.recipientName} was cancelled by MyProsper, and its code no longer works.`,
        `${formatKes(after.amount - after.toppedUp)} is back in your MyProsper wallet, to use for any session or to withdraw.`,
        `Why: ${reason}`,
      ],
    });
    return after;
  }

  /**
   * Extends an unused voucher to today's price (issue 25, docs/decisions/021): the spec's vouchers never expire,
   * so the one way a paid voucher stops working is a price rise above its amount (redeeming it then says it is
   * not enough). MyProsper pays the difference from its commission into the voucher account; the voucher keeps
   * what was added (topped_up), so a later refund gives the buyer what they paid and the platform its part.
   */
  async extend(voucherId: number, reason: string, audit: VoucherAudit): Promise<VoucherRecord> {
    const after = await this.db.transaction(async (tx) => {
      const repository = new VouchersRepository(tx);
      const voucher = await repository.lock(voucherId);
      if (!voucher) throw notFound(adminMoneyMessages.voucherNotFound);
      if (voucher.status !== 'ACTIVE') throw conflict(adminMoneyMessages.voucherNotExtendable);
      const setting = await new BookingRepository(tx).findPricing('INDIVIDUAL');
      const price = setting ? sessionPrice(setting) : 0;
      if (price <= voucher.amount)
        throw conflict(adminMoneyMessages.voucherCoversPrice(formatKes(voucher.amount)));
      const added = price - voucher.amount;
      const now = new Date();
      await postTransaction(tx, {
        kind: 'VOUCHER_TOP_UP',
        reference: `voucher-top-up:${voucher.id}:${price}`,
        memo: `Gift voucher ${voucher.reference} raised to today's price by MyProsper`,
        lines: [
          { account: { platform: 'COMMISSION' }, amount: -added },
          { account: { platform: 'VOUCHERS' }, amount: added },
        ],
      });
      if (!(await repository.raise(voucher.id, price, added, now))) {
        throw conflict(adminMoneyMessages.voucherNotExtendable);
      }
      const record = (await repository.findRecord(voucher.id))!;
      await audit(tx, voucher, record);
      return record;
    });
    await this.tellBuyer(after, {
      subject: `Your gift voucher ${after.reference} now covers a session at today's price`,
      lines: [
        `Session prices have gone up since you bought gift voucher ${after.reference} for ${after.recipientName}. MyProsper raised it to ${formatKes(after.amount)}, today's price, at no cost to you, so it still pays for a session with ${after.advisorName}.`,
        `Why: ${reason}`,
      ],
    });
    return after;
  }

  /** An unused voucher given to another active mentor who gives its program. */
  async reassign(
    voucherId: number,
    mentorId: number,
    reason: string,
    audit: VoucherAudit,
  ): Promise<VoucherRecord> {
    const after = await this.db.transaction(async (tx) => {
      const repository = new VouchersRepository(tx);
      const voucher = await repository.lock(voucherId);
      if (!voucher) throw notFound(adminMoneyMessages.voucherNotFound);
      if (voucher.status !== 'ACTIVE' && voucher.status !== 'PENDING_PAYMENT') {
        throw conflict(adminMoneyMessages.voucherNotReassignable);
      }
      if (voucher.advisorId === mentorId) throw invalid(adminMoneyMessages.voucherSameMentor);
      const mentors = await repository.mentorsGiving(voucher.topicId);
      if (!mentors.some((mentor) => mentor.id === mentorId)) {
        throw invalid(adminMoneyMessages.voucherMentorNotGiving);
      }
      if (!(await repository.reassign(voucher.id, mentorId, new Date()))) {
        throw conflict(adminMoneyMessages.voucherNotReassignable);
      }
      const record = (await repository.findRecord(voucher.id))!;
      await audit(tx, voucher, record);
      return record;
    });
    await this.tellBuyer(after, {
      subject: `Your gift voucher ${after.reference} is now for ${after.advisorName}`,
      lines: [
        `Your gift voucher ${after.reference} for ${after.recipientName} is now for sessions with ${after.advisorName} on ${after.topicName}. Its code stays the same.`,
        `Why: ${reason}`,
      ],
    });
    return after;
  }

  /** After the commit: a failed e-mail is logged, the change stands. */
  private async tellBuyer(voucher: VoucherRecord, message: { subject: string; lines: string[] }) {
    try {
      await this.mailer.send({
        to: voucher.buyerEmail,
        subject: message.subject,
        text: [`Hello ${nameForMessages(voucher.buyerName) || 'there'},`, '', ...message.lines].join('\n'),
      });
    } catch (error) {
      this.log.warn({ err: error, voucherId: voucher.id }, 'voucher change not e-mailed to its buyer');
    }
  }
}
