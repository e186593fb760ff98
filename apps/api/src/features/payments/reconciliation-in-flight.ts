import { reconciliationNotes as notes } from '@myprosper/contract/reconciliation';
import type { Db } from '../../db/connection.ts';
import type { MpesaDisbursements } from './mpesa-disbursements.service.ts';
import { ReconciliationRepository } from './reconciliation.repository.ts';
import type { InFlightCheck } from './reconciliation.service.ts';

/** A B2C payment or reversal still without a final result this long after it was made is shown to admins. */
const stuckAfterMs = 24 * 3_600_000;

/**
 * The daily reconciliation's part for money going out (B2C payouts and refunds, reversals): the disbursements'
 * own check asks Transaction Status about every request still open (its results settle them, asynchronously),
 * and requests still open a day after they were made are kept for admins.
 */
export function disbursementsInFlight(db: Db, disbursements: MpesaDisbursements): InFlightCheck {
  return {
    async run(now) {
      const asked = await disbursements.checkOpenRequests(now);
      const repo = new ReconciliationRepository(db);
      const settled = await repo.settleFinishedRequestItems(now);
      const stuck = await repo.openMpesaRequests(new Date(now.getTime() - stuckAfterMs));
      return {
        checked: asked,
        settled,
        unmatched: stuck.map((request) => ({
          subject: `mpesa-request:${request.id}`,
          problem: 'STILL_PENDING',
          detail: notes.requestStillOpen(request.kind, request.reference, request.statusChecks),
          amount: request.amount,
          receipt: null,
        })),
      };
    },
  };
}
