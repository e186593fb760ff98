import type { ReceiptLookup } from '@myprosper/contract/admin-search';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { mpesaRequests } from '../../db/schema/mpesa-requests.ts';
import type { MpesaService } from './mpesa.service.ts';
import type { MpesaDisbursements, MpesaOutcome } from './mpesa-disbursements.service.ts';
import { PaymentsRepository } from './payments.repository.ts';
import { attachConfirmedReceipt, receiptStatusOf } from './receipt-status.ts';

/** The Daraja core's purpose of an operator's look-up of an M-PESA code. */
export const receiptLookupPurpose = 'receipt-lookup';

/**
 * An operator's "look this code up with M-PESA" (issue 25): when no payment of ours carries an M-PESA code a
 * customer quotes, Transaction Status is asked about it, and its answer gives the receipt to the push it belongs
 * to (attachConfirmedReceipt). The answer comes later (Daraja's Result); `state` says where the last look-up of a
 * code stands.
 */
export class ReceiptLookups {
  /** Registers its outcome handler on the Daraja core: build it once per app (createReceiptLookups). */
  constructor(
    private readonly db: Db,
    private readonly shortCode: string,
    private readonly disbursements: Pick<MpesaDisbursements, 'checkStatus' | 'onOutcome'>,
    private readonly mpesa: Pick<MpesaService, 'applyConfirmedSuccess'>,
    private readonly log: FastifyBaseLogger,
  ) {
    disbursements.onOutcome(receiptLookupPurpose, async (tx, request, outcome) => {
      await this.apply(tx, request.originalReceipt ?? '', outcome);
    });
  }

  /** Asks M-PESA about a code no payment carries (again, if an earlier look-up is over). */
  async ask(receipt: string): Promise<ReceiptLookup> {
    const now = await this.state(receipt);
    if (now.status === 'FOUND' || now.status === 'CHECKING') return now;
    try {
      await this.disbursements.checkStatus({
        purpose: receiptLookupPurpose,
        reference: `${receiptLookupPurpose}:${receipt}:${Date.now()}`,
        receipt,
        partyA: this.shortCode,
      });
    } catch (error) {
      this.log.warn({ err: error }, 'M-PESA: a receipt look-up could not be asked');
    }
    return this.state(receipt);
  }

  /** Where the latest look-up of a code stands, and the payment that carries it now. */
  async state(receipt: string): Promise<ReceiptLookup> {
    const carrier = await new PaymentsRepository(this.db).findByReference('MPESA', receipt);
    if (carrier) return { receipt, status: 'FOUND', paymentId: carrier.id, detail: null };
    const [request] = await this.db
      .select()
      .from(mpesaRequests)
      .where(and(eq(mpesaRequests.purpose, receiptLookupPurpose), eq(mpesaRequests.originalReceipt, receipt)))
      .orderBy(desc(mpesaRequests.id))
      .limit(1);
    if (!request) return { receipt, status: 'NONE', paymentId: null, detail: null };
    if (request.state !== 'SUCCEEDED' && request.state !== 'FAILED') {
      return { receipt, status: 'CHECKING', paymentId: null, detail: null };
    }
    const parameters = request.resultParameters ?? {};
    const said = receiptStatusOf(receipt, {
      state: request.state,
      resultCode: request.resultCode,
      resultDesc: request.resultDesc ?? '',
      receipt: request.receipt,
      amount: null,
      reason: request.failureReason,
      parameters,
      via: request.resultCode === null ? 'REFUSED' : 'STATUS',
    });
    if (said.unavailable) return { receipt, status: 'UNAVAILABLE', paymentId: null, detail: null };
    if (!said.found) return { receipt, status: 'NOT_FOUND', paymentId: null, detail: null };
    const detail = [
      said.amount === null ? null : `KES ${said.amount.toLocaleString('en-KE')}`,
      said.debitPartyName ? `from ${said.debitPartyName}` : null,
      said.creditPartyName ? `to ${said.creditPartyName}` : null,
    ]
      .filter(Boolean)
      .join(' ');
    return { receipt, status: 'NOT_MATCHED', paymentId: null, detail: detail || null };
  }

  private async apply(tx: DbOrTx, receipt: string, outcome: MpesaOutcome): Promise<void> {
    const attached = await attachConfirmedReceipt(
      tx,
      this.mpesa,
      this.shortCode,
      receiptStatusOf(receipt, outcome),
    );
    if (attached) this.log.info({ paymentId: attached.id }, 'M-PESA receipt given to its push');
  }
}

const lookupsOfApp = new WeakMap<FastifyInstance, ReceiptLookups>();

/** The look-ups as the app runs them, once per app (tests reach the same one through wireFeatures). */
export function createReceiptLookups(
  app: FastifyInstance,
  mpesa: MpesaService,
  disbursements: MpesaDisbursements,
): ReceiptLookups {
  const built = lookupsOfApp.get(app);
  if (built) return built;
  const made = new ReceiptLookups(app.db.db, app.env.MPESA_SHORTCODE, disbursements, mpesa, app.log);
  lookupsOfApp.set(app, made);
  return made;
}
