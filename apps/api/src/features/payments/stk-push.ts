import { type PaymentAttempt, paymentMessages } from '@myprosper/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/connection.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { type DarajaClient, DarajaError, mpesaCallbackUrl } from '../../providers/mpesa.ts';
import { type PaymentRow, PaymentsRepository, toPaymentAttempt } from './payments.repository.ts';

export interface StkPushDeps {
  db: Db;
  daraja: DarajaClient;
  env: Pick<Env, 'MPESA_CALLBACK_BASE_URL' | 'PUBLIC_URL'>;
  log: FastifyBaseLogger;
}

/**
 * Sends the STK push for a PENDING payment row already recorded (with its callback token) and records
 * Daraja's ids. A push Daraja refuses (4xx) or cannot take (5xx) marks the payment FAILED with the reason
 * people read, and answers it as a clear 422 or 503: nothing was charged. A push Daraja never answered
 * stays PENDING (503, saying a prompt may still come).
 */
export async function sendStkPush(
  deps: StkPushDeps,
  payment: Pick<PaymentRow, 'id' | 'amount' | 'callbackToken'>,
  push: { phoneNumber: string; accountReference: string; description: string },
): Promise<PaymentAttempt> {
  const payments = new PaymentsRepository(deps.db);
  try {
    const accepted = await deps.daraja.stkPush({
      amount: payment.amount,
      phoneNumber: push.phoneNumber,
      callbackUrl: mpesaCallbackUrl(deps.env, payment.callbackToken),
      accountReference: push.accountReference,
      description: push.description,
    });
    await payments.recordPushIds(payment.id, {
      merchantRequestId: accepted.merchantRequestId,
      checkoutRequestId: accepted.checkoutRequestId,
    });
  } catch (error) {
    deps.log.warn({ err: error, paymentId: payment.id }, `M-PESA push failed (${push.description})`);
    // No answer at all (a timeout, a dropped connection): the prompt may have reached the phone all the same.
    // The payment stays PENDING: its callback (the token vouches for it) settles it, or the query job gives
    // it up later (MpesaService.reconcile). Marking it FAILED would lose the money of a prompt paid.
    if (error instanceof DarajaError && error.httpStatus === null) {
      throw new AppError('UNAVAILABLE', paymentMessages.mpesaNoAnswer);
    }
    const refused = error instanceof DarajaError && error.httpStatus !== null && error.httpStatus < 500;
    const reason = refused ? paymentMessages.mpesaRefused : paymentMessages.mpesaUnavailable;
    await payments.markFailed(payment.id, {
      resultCode: null,
      resultDesc: String(error),
      reason,
      now: new Date(),
    });
    throw refused ? invalid(reason) : new AppError('UNAVAILABLE', reason);
  }
  return toPaymentAttempt((await payments.find(payment.id))!);
}
