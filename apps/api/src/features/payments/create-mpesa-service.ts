import type { FastifyInstance } from 'fastify';
import { selfAwareFetch } from '../../providers/in-process-fetch.ts';
import { createDarajaClient } from '../../providers/mpesa.ts';
import { MpesaService, type WalletTopUpPurpose } from './mpesa.service.ts';

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
