import { randomBytes } from 'node:crypto';
import { bookingMessages } from '@myprosper/contract/booking';
import { messages } from '@myprosper/contract/messages';
import { type PaymentAttempt, parseMpesaPhone, paymentMessages } from '@myprosper/contract/payments';
import { sessionPrice } from '@myprosper/contract/pricing';
import { toE164Phone } from '@myprosper/contract/validation';
import {
  type CreateVoucherRequest,
  toId,
  type VoucherView,
  validateVoucherPurchase,
  voucherMessages,
} from '@myprosper/contract/vouchers';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/connection.ts';
import { pgErrorOf, uniqueViolation } from '../../db/database-errors.ts';
import { AppError, conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { type SessionRulesEnv, sessionRulesOf } from '../../lib/session-rules.ts';
import type { DarajaClient } from '../../providers/mpesa.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { BookingRepository } from '../booking/booking.door.ts';
import {
  PaymentsRepository,
  recordMpesaPrompt,
  sendStkPush,
  toPaymentAttempt,
} from '../payments/payments.door.ts';
import { postTransaction } from '../wallet/wallet.door.ts';
import { voucherRefundLines } from './voucher-administration.ts';
import { newVoucherReference } from './voucher-code.ts';
import { type VoucherRecord, VouchersRepository } from './vouchers.repository.ts';

type VoucherEnv = SessionRulesEnv & Pick<Env, 'MPESA_CALLBACK_BASE_URL' | 'PUBLIC_URL'>;

/** A voucher as its buyer sees it; never the row (the code's hash stays on the server). */
export function toVoucherView(record: VoucherRecord, lastPayment: PaymentAttempt | null): VoucherView {
  return {
    id: record.id,
    reference: record.reference,
    status: record.status,
    amount: record.amount,
    paymentMode: record.paymentMode,
    recipientName: record.recipientName,
    recipientEmail: record.recipientEmail,
    recipientPhoneNumber: record.recipientPhone,
    recipientNote: record.recipientNote,
    topic: { id: record.topicId, name: record.topicName },
    advisor: { id: record.advisorId, name: record.advisorName },
    createdAt: record.createdAt.toISOString(),
    paidAt: record.paidAt?.toISOString() ?? null,
    redeemedAt: record.redeemedAt?.toISOString() ?? null,
    mentorGone: record.mentorGone,
    refundedAt: record.refundedAt?.toISOString() ?? null,
    lastPayment,
  };
}

/**
 * Buying gift vouchers (spec 2.13, 5): the purchase with every rule of the spec, priced on the server as an
 * INDIVIDUAL session; paying by M-PESA (the push; its callback settles the voucher through the payments
 * feature's hook); the buyer's vouchers. Card payment goes through generateCardHttpSignature.
 */
export class VouchersService {
  constructor(
    private readonly db: Db,
    private readonly env: VoucherEnv,
    private readonly daraja: DarajaClient,
    private readonly log: FastifyBaseLogger,
  ) {}

  async create(caller: CurrentUser, input: CreateVoucherRequest): Promise<VoucherView> {
    const adviseeId = toId(input.adviseeId);
    if (adviseeId !== null && adviseeId !== caller.id) throw forbidden(paymentMessages.payForYourself);
    const problem = validateVoucherPurchase(input);
    if (problem) throw invalid(problem);
    const phone = toE164Phone(input.recipientPhoneNumber ?? '');
    if (!phone) throw invalid(messages.invalidPhoneNo);
    const mpesaPhone = input.paymentMode === 'MPESA' ? parseMpesaPhone(input.mpesaPhoneNumber ?? '') : null;
    if (mpesaPhone && !mpesaPhone.ok) throw invalid(mpesaPhone.message);

    const topicId = toId(input.topicId)!;
    const advisorId = toId(input.advisorId)!;
    const booking = new BookingRepository(this.db);
    const advisor = await booking.findUser(advisorId);
    if (!advisor || advisor.role !== 'ADVISOR' || advisor.status !== 'ACTIVE') {
      throw notFound(voucherMessages.mentorNotFound);
    }
    const topic = await booking.findTopic(topicId);
    if (!topic) throw notFound(bookingMessages.topicNotFound);
    if (!(await booking.advisorGivesTopic(advisorId, topicId)))
      throw invalid(voucherMessages.topicNotOffered);
    const setting = await booking.findPricing('INDIVIDUAL');
    if (!setting) throw new AppError('UNAVAILABLE', bookingMessages.pricingMissing);
    const amount = sessionPrice(setting);
    if (amount <= 0) throw new AppError('UNAVAILABLE', bookingMessages.pricingMissing);

    const repository = new VouchersRepository(this.db);
    let voucherId = 0;
    for (let attempt = 1; voucherId === 0; attempt++) {
      try {
        const row = await repository.insert({
          reference: newVoucherReference(),
          buyerId: caller.id,
          recipientName: (input.recipientName ?? '').trim().replace(/\s+/g, ' '),
          recipientEmail: (input.recipientEmail ?? '').trim(),
          recipientPhone: phone,
          recipientNote: (input.recipientNote ?? '').trim(),
          topicId,
          advisorId,
          amount,
          paymentMode: input.paymentMode,
        });
        voucherId = row.id;
      } catch (error) {
        const info = pgErrorOf(error);
        if (attempt < 3 && info?.code === uniqueViolation && info.constraint === 'vouchers_reference_unique')
          continue;
        throw error;
      }
    }
    const record = (await repository.findRecord(voucherId))!;
    if (mpesaPhone?.ok) {
      const attempt = await this.pushFor(caller, record, mpesaPhone.phone);
      return toVoucherView(record, attempt);
    }
    return toVoucherView(record, null);
  }

  /** One of the caller's vouchers, by reference. */
  async get(caller: CurrentUser, reference: string): Promise<VoucherView> {
    const record = await this.findOwn(caller, reference);
    const payments = await new VouchersRepository(this.db).latestPayments([record.id]);
    const last = payments.get(record.id);
    return toVoucherView(record, last ? toPaymentAttempt(last) : null);
  }

  /** Every voucher the caller bought, newest first, with its state. */
  async listMine(caller: CurrentUser): Promise<VoucherView[]> {
    const repository = new VouchersRepository(this.db);
    const records = await repository.listBoughtBy(caller.id);
    const payments = await repository.latestPayments(records.map((r) => r.id));
    return records.map((record) => {
      const last = payments.get(record.id);
      return toVoucherView(record, last ? toPaymentAttempt(last) : null);
    });
  }

  /** An M-PESA push for a voucher still awaiting payment (again, after a failed attempt). */
  async payByMpesa(caller: CurrentUser, reference: string, phoneNumber: string): Promise<PaymentAttempt> {
    const phone = parseMpesaPhone(phoneNumber);
    if (!phone.ok) throw invalid(phone.message);
    const record = await this.findOwn(caller, reference);
    return this.pushFor(caller, record, phone.phone);
  }

  /**
   * The buyer's unused voucher whose mentor left or stopped giving its program, refunded to the buyer's
   * wallet (VOUCHERS to the wallet, one ledger transaction), once however many times it is asked.
   */
  async refund(caller: CurrentUser, reference: string): Promise<VoucherView> {
    const record = await this.findOwn(caller, reference);
    await this.db.transaction(async (tx) => {
      const repository = new VouchersRepository(tx);
      const voucher = await repository.lock(record.id);
      if (!voucher || voucher.status !== 'ACTIVE') throw conflict(voucherMessages.notRefundable);
      const current = await repository.findRecord(record.id);
      if (!current?.mentorGone) throw conflict(voucherMessages.mentorStillGives);
      const now = new Date();
      await postTransaction(tx, {
        kind: 'VOUCHER_REFUND',
        reference: `voucher-refund:${voucher.id}`,
        memo: `Gift voucher ${voucher.reference} refunded: its mentor no longer gives ${current.topicName}`,
        lines: voucherRefundLines(voucher),
      });
      if (!(await repository.markRefunded(voucher.id, now))) throw conflict(voucherMessages.notRefundable);
    });
    return this.get(caller, reference);
  }

  private async findOwn(caller: CurrentUser, reference: string): Promise<VoucherRecord> {
    const record = await new VouchersRepository(this.db).findRecordByReference(
      reference.trim().toUpperCase(),
    );
    if (!record || record.buyerId !== caller.id) throw notFound(voucherMessages.notFound);
    return record;
  }

  /** The push for the whole voucher amount; its callback pays the voucher (VoucherPurchases.settle). */
  private async pushFor(caller: CurrentUser, record: VoucherRecord, phone: string): Promise<PaymentAttempt> {
    if (record.status !== 'PENDING_PAYMENT') throw invalid(voucherMessages.notPending);
    const token = randomBytes(32).toString('base64url');
    // One push waiting per voucher, and few per number per hour whoever asks: each one rings a phone.
    const payment = await this.db.transaction((tx) =>
      recordMpesaPrompt(
        tx,
        {
          purpose: `voucher:${record.id}`,
          hasPending: (locked) => new VouchersRepository(locked).hasPendingPayment(record.id),
          phone,
          perHour: sessionRulesOf(this.env).mpesaPromptsPerNumberPerHour,
          now: new Date(),
        },
        async (locked) => {
          const row = await new PaymentsRepository(locked).insert({
            provider: 'MPESA',
            payerId: caller.id,
            amount: record.amount,
            phoneNumber: phone,
            callbackToken: token,
          });
          await new VouchersRepository(locked).linkPayment(record.id, row.id);
          return row;
        },
      ),
    );
    return sendStkPush({ db: this.db, daraja: this.daraja, env: this.env, log: this.log }, payment, {
      phoneNumber: phone,
      accountReference: record.reference,
      description: 'Gift voucher',
    });
  }
}
