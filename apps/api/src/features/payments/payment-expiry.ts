import { paymentMessages } from '@myprosper/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/connection.ts';
import { paymentOutcomes } from '../../lib/metrics.ts';
import type { MpesaService } from './mpesa.service.ts';
import { type PaymentRow, PaymentsRepository } from './payments.repository.ts';
import { ReconciliationRepository } from './reconciliation.repository.ts';

type ExpiryEnv = Pick<Env, 'MPESA_PUSH_EXPIRE_MINUTES' | 'CARD_CHECKOUT_EXPIRE_MINUTES'>;

/** How many of each kind one run looks at (the job runs again soon). */
const batch = 100;

/**
 * Payments that can no longer complete (issue 25, docs/decisions/021): an M-PESA push with no final answer
 * MPESA_PUSH_EXPIRE_MINUTES after it was made (M-PESA is asked once more first, and a final answer is applied
 * as usual), and a card checkout nobody completed within CARD_CHECKOUT_EXPIRE_MINUTES, become EXPIRED with the
 * reason people read. No money moves: none had arrived. They leave the dashboard's stuck count, and a push's
 * open reconciliation item is settled. A success that comes later (callback, receipt, query) still applies.
 */
export class PaymentExpiry {
  constructor(
    private readonly db: Db,
    private readonly env: ExpiryEnv,
    private readonly mpesa: MpesaService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One pass over both kinds. Answers how many expired. */
  async run(now = new Date()): Promise<{ mpesa: number; card: number }> {
    const payments = new PaymentsRepository(this.db);
    let mpesa = 0;
    const pushesBefore = new Date(now.getTime() - this.env.MPESA_PUSH_EXPIRE_MINUTES * 60_000);
    for (const push of await payments.pendingMpesa(pushesBefore, batch)) {
      // The last question: a final answer now is applied as its callback would be.
      const outcome = await this.mpesa.settleByQuery(push);
      if (outcome !== 'PENDING' && outcome !== 'UNAVAILABLE') continue;
      if (await this.expire(push, paymentMessages.mpesaExpired(this.env.MPESA_PUSH_EXPIRE_MINUTES), now)) {
        mpesa++;
      }
    }
    let card = 0;
    const checkoutsBefore = new Date(now.getTime() - this.env.CARD_CHECKOUT_EXPIRE_MINUTES * 60_000);
    for (const checkout of await payments.pendingCard(checkoutsBefore, batch)) {
      if (
        await this.expire(checkout, paymentMessages.cardExpired(this.env.CARD_CHECKOUT_EXPIRE_MINUTES), now)
      ) {
        card++;
      }
    }
    if (mpesa + card > 0) this.log.info({ mpesa, card }, 'payments with no final answer expired');
    return { mpesa, card };
  }

  private async expire(payment: PaymentRow, reason: string, now: Date): Promise<boolean> {
    const expired = await this.db.transaction(async (tx) => {
      // Only a payment still PENDING (a callback or receipt that came meanwhile has the row first).
      if (!(await new PaymentsRepository(tx).markExpired(payment.id, { reason, now }))) return false;
      await new ReconciliationRepository(tx).settleSubject(`payment:${payment.id}`, now);
      return true;
    });
    if (expired) {
      paymentOutcomes.inc({
        provider: payment.provider === 'CARD' ? 'card' : 'mpesa',
        call: 'expiry',
        code: 'EXPIRED',
      });
    }
    return expired;
  }
}
