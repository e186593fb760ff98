import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { type CardCheckout, cardMessages, type GenerateCardSignatureRequest } from '@myprosper/contract/card';
import { idParam } from '@myprosper/contract/common';
import { paymentMessages } from '@myprosper/contract/payments';
import { sessionMessages } from '@myprosper/contract/sessions';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/connection.ts';
import { AppError, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { type CardGateway, cardReceiptPaths, newTransactionUuid } from '../../providers/card.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { dueCoverAmount } from './group-cover-payments.ts';
import { shareProblemMessage } from './mpesa.service.ts';
import { PaymentsRepository } from './payments.repository.ts';
import { SessionMoneyRepository } from './session-money.repository.ts';
import { sharePlan } from './session-payments.ts';
import type { PaymentVouchers } from './voucher-port.ts';

/**
 * The browser's address, signed as customer_ip_address: request.ip (through TRUST_PROXY_HOPS trusted
 * proxies), and the socket's own address when that is not an IP address. Nothing else of the request (its
 * Host, its headers) is ever signed.
 */
export interface CardClient {
  ip: string;
  socketIp: string | undefined;
}

/** 203.0.113.5 rather than ::ffff:203.0.113.5 (an IPv4 client of a dual-stack socket). */
export function customerIp(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}

/** The client's address as signed: an IP address only, never a word a forwarded header made up. */
function signedClientIp(client: CardClient): string {
  for (const candidate of [client.ip, client.socketIp ?? '']) {
    const ip = customerIp(candidate);
    if (isIP(ip) !== 0) return ip;
  }
  return '0.0.0.0';
}

/**
 * generateCardHttpSignature: the server picks the amount (the caller's share of a session, or the voucher's
 * price), records a PENDING card payment under a new transaction uuid, and answers the signed hidden form the
 * browser posts to the hosted page. The secret key never leaves the server.
 */
export class CardCheckoutService {
  constructor(
    private readonly db: Db,
    private readonly env: Pick<Env, 'PUBLIC_URL'>,
    private readonly gateway: CardGateway | null,
    private readonly vouchers: Pick<PaymentVouchers, 'findRecord' | 'findRecordByReference' | 'linkPayment'>,
  ) {}

  async checkout(
    caller: CurrentUser,
    input: GenerateCardSignatureRequest,
    client: CardClient,
  ): Promise<CardCheckout> {
    const gateway = this.gateway;
    if (!gateway) throw new AppError('UNAVAILABLE', cardMessages.unavailable);
    const target =
      input.purpose === 'SESSION'
        ? await this.sessionShare(caller, input.id)
        : await this.voucher(caller, input.id);
    const transactionUuid = newTransactionUuid();
    await this.db.transaction(async (tx) => {
      const payment = await new PaymentsRepository(tx).insert({
        provider: 'CARD',
        payerId: caller.id,
        sessionId: target.sessionId,
        participantId: target.participantId,
        amount: target.amount,
        callbackToken: randomBytes(32).toString('base64url'),
        checkoutRequestId: transactionUuid,
      });
      if (target.voucherId !== null) await this.vouchers.linkPayment(tx, target.voucherId, payment.id);
    });
    // The hosted page (CyberSource, or the local one) sends the browser back to our public address: never to
    // the Host a request named, which anyone can set and we would then sign.
    const receiptUrl = `${this.env.PUBLIC_URL.replace(/\/$/, '')}${cardReceiptPaths[input.purpose]}`;
    const fields = gateway.requestFields({
      transactionUuid,
      referenceNumber: target.reference,
      amount: target.amount,
      customerIpAddress: signedClientIp(client),
      receiptUrl,
      cancelUrl: receiptUrl,
      now: new Date(),
    });
    return { payUrl: gateway.payUrl, fields };
  }

  /** The caller's unpaid share of a session they may pay now. */
  private async sessionShare(caller: CurrentUser, id: number | string) {
    if (caller.role !== 'ADVISEE') throw forbidden(paymentMessages.onlyMentees);
    // A session's id, given as a number or in a string: anything else, or beyond the column's range, is no session.
    const parsed = idParam.safeParse(id);
    if (!parsed.success) throw notFound(sessionMessages.sessionNotFound);
    const sessionId = parsed.data;
    const money = new SessionMoneyRepository(this.db);
    const participant = await money.findParticipant(sessionId, caller.id);
    const session = await money.findSession(sessionId);
    if (!participant || !session) throw notFound(sessionMessages.sessionNotFound);
    // A paid host may still owe a group's cover (group-cover.service.ts): the card pays that.
    const cover =
      participant.paymentStatus === 'PAID' && participant.isHost
        ? await dueCoverAmount(this.db, sessionId)
        : null;
    if (participant.paymentStatus === 'PAID' && cover === null) throw invalid(paymentMessages.alreadyPaid);
    const amount = cover ?? participant.amount;
    if (amount <= 0) throw invalid(cardMessages.nothingToPay);
    if (await money.isClosedToPayments(sessionId)) throw invalid(paymentMessages.notPayable);
    const plan = sharePlan(session, participant, new Date(), false);
    if (!plan.ok) throw shareProblemMessage(plan.problem);
    return {
      reference: session.reference,
      amount,
      sessionId,
      participantId: participant.id,
      voucherId: null,
    };
  }

  /** One of the caller's vouchers still awaiting payment, by reference (or id). */
  private async voucher(caller: CurrentUser, id: number | string) {
    const record =
      typeof id === 'number'
        ? await this.vouchers.findRecord(this.db, id)
        : await this.vouchers.findRecordByReference(this.db, id.trim().toUpperCase());
    if (!record || record.buyerId !== caller.id) throw notFound(cardMessages.voucherNotFound);
    if (record.status !== 'PENDING_PAYMENT') throw invalid(cardMessages.voucherAlreadyPaid);
    return {
      reference: record.reference,
      amount: record.amount,
      sessionId: null,
      participantId: null,
      voucherId: record.id,
    };
  }
}
