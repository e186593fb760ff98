import type { FastifyInstance } from 'fastify';
import { selfAwareFetch } from '../../providers/in-process-fetch.ts';
import { createDarajaClient } from '../../providers/mpesa.ts';
import { registerC2bUrls } from '../../providers/mpesa-c2b.ts';
import type { MpesaService } from './mpesa.service.ts';
import { PaybillService } from './paybill.service.ts';

/** The Paybill service as the app runs it, applying payments through the shared M-PESA service. */
export function createPaybillService(app: FastifyInstance, mpesa: MpesaService): PaybillService {
  return new PaybillService(app.db.db, app.env, mpesa, app.log);
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
