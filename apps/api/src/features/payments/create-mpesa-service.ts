import type { FastifyInstance } from 'fastify';
import { selfAwareFetch } from '../../providers/in-process-fetch.ts';
import { createDarajaClient } from '../../providers/mpesa.ts';
import { createDarajaResultsClient } from '../../providers/mpesa-results.ts';
import { MpesaService, type WalletTopUpPurpose } from './mpesa.service.ts';
import { MpesaDisbursements } from './mpesa-disbursements.service.ts';

/**
 * The M-PESA service as the app runs it: Daraja at its configured address (the sandbox in-process when it
 * points at this server), and pushes that are not for a session settled by `topUp` (voucher purchases, passed
 * in by app.ts). The payments routes and the admin's "query again" share it, so a stuck voucher purchase is
 * settled as its callback would.
 */
export function createMpesaService(app: FastifyInstance, topUp: WalletTopUpPurpose): MpesaService {
  const daraja = createDarajaClient(app.env, selfAwareFetch(app, app.env.PUBLIC_URL));
  return new MpesaService(app.db.db, app.env, daraja, app.log, topUp);
}

const disbursementsOfApp = new WeakMap<FastifyInstance, MpesaDisbursements>();

/**
 * Money out through M-PESA (B2C, reversals, status and balance checks) as the app runs it: the same Daraja
 * address and token as the STK push, the initiator's credential from MPESA_CERT_PATH. Built once in app.ts;
 * features that pay out register their purposes' handlers on it (`onOutcome`). The same instance for the same
 * app, so tests reach it through wireFeatures(app).
 */
export function createMpesaDisbursements(app: FastifyInstance): MpesaDisbursements {
  // One per app, whoever asks (app.ts, or a test through wireFeatures): its purposes' handlers are registered
  // on the instance the result routes use.
  const built = disbursementsOfApp.get(app);
  if (built) return built;
  const daraja = createDarajaClient(app.env, selfAwareFetch(app, app.env.PUBLIC_URL));
  const made = new MpesaDisbursements(
    app.db.db,
    app.env,
    createDarajaResultsClient(app.env, daraja),
    app.log,
  );
  disbursementsOfApp.set(app, made);
  return made;
}
