import type { FastifyInstance } from 'fastify';
import { selfAwareFetch } from '../../providers/in-process-fetch.ts';
import { createDarajaClient } from '../../providers/mpesa.ts';
import { registerC2bUrls } from '../../providers/mpesa-c2b.ts';
import type { MpesaService } from './mpesa.service.ts';
import type { MpesaDisbursements } from './mpesa-disbursements.service.ts';
import { PaybillService } from './paybill.service.ts';
import { PaybillReviewService } from './paybill-review.service.ts';
import { receiptStatusOf } from './receipt-status.ts';

const paybillOfApp = new WeakMap<FastifyInstance, PaybillService>();
const reviewOfApp = new WeakMap<FastifyInstance, PaybillReviewService>();

/** The number after the last ':' of a request reference ('paybill-code:17' → 17). */
function idIn(reference: string, at: number): number {
  return Number(reference.split(':')[at]);
}

/**
 * The Paybill service as the app runs it, once per app (tests reach the same one through wireFeatures):
 * payments applied through the shared M-PESA service; typed codes checked by Transaction Status through the
 * disbursements core, whose answers come back to the purpose registered here.
 */
export function createPaybillService(
  app: FastifyInstance,
  mpesa: MpesaService,
  disbursements: MpesaDisbursements,
): PaybillService {
  const built = paybillOfApp.get(app);
  if (built) return built;
  const { env } = app;
  const service = new PaybillService(app.db.db, env, mpesa, app.log, {
    async checkReceipt(checkId, receipt) {
      await disbursements.checkStatus({
        purpose: 'paybill-code',
        reference: `paybill-code:${checkId}`,
        receipt,
        partyA: env.MPESA_SHORTCODE,
      });
    },
  });
  disbursements.onOutcome('paybill-code', async (tx, request, outcome) => {
    await service.codeStatusResult(
      tx,
      idIn(request.reference, 1),
      receiptStatusOf(request.originalReceipt ?? '', outcome),
    );
  });
  paybillOfApp.set(app, service);
  return service;
}

/**
 * The admins' review of kept Paybill payments, once per app: reversals go through the disbursements core,
 * whose answers come back to the purpose registered here.
 */
export function createPaybillReview(
  app: FastifyInstance,
  disbursements: MpesaDisbursements,
): PaybillReviewService {
  const built = reviewOfApp.get(app);
  if (built) return built;
  const review = new PaybillReviewService(app.db.db, {
    async reverse(input) {
      await disbursements.reverse({
        purpose: 'paybill-refund',
        // A new reference per attempt: a failed reversal may be asked again, never the same request twice.
        reference: `paybill-refund:${input.paybillPaymentId}:${Date.now()}`,
        receipt: input.receipt,
        amount: input.amount,
        remarks: input.remarks,
      });
    },
  });
  disbursements.onOutcome('paybill-refund', async (tx, request, outcome) => {
    await review.reversalResult(
      tx,
      idIn(request.reference, 1),
      outcome.state === 'SUCCEEDED' ? 'REVERSED' : 'FAILED',
      outcome.reason ?? outcome.resultDesc,
    );
  });
  reviewOfApp.set(app, review);
  return review;
}

/**
 * Registers the C2B validation and confirmation URLs with Daraja (the local sandbox, or MPESA_BASE_URL).
 * Answers what Daraja said; a failure is logged, never fatal (payments by prompt still work).
 */
export async function registerPaybillUrls(
  app: FastifyInstance,
): Promise<'REGISTERED' | 'ALREADY' | 'FAILED'> {
  const fetchImpl = selfAwareFetch(app, app.env.PUBLIC_URL);
  try {
    const outcome = await registerC2bUrls(createDarajaClient(app.env, fetchImpl), fetchImpl, app.env);
    app.log.info({ outcome }, 'M-PESA Paybill URLs registered');
    return outcome;
  } catch (error) {
    app.log.warn({ err: error }, 'M-PESA Paybill URLs could not be registered');
    return 'FAILED';
  }
}
