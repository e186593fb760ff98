import { adminMoneyMessages } from '@myprosper/contract/admin-money';
import type { Env } from '../../config/env.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { invalid } from '../../lib/errors.ts';
import { type SessionRulesEnv, sessionRulesOf } from '../../lib/session-rules.ts';
import { InsufficientFundsError, type LedgerLine, postTransaction } from '../wallet/wallet.door.ts';
import type { CancellationChannels } from './cancellation.service.ts';
import {
  type NoticePerson,
  refundedPeople,
  sendMentorNoShowNotices,
  sessionFactsOf,
} from './cancellation-notices.ts';
import { type LockedSession, SessionMoneyRepository } from './session-money.repository.ts';
import { refundPaidShares } from './share-refunds.ts';
import type { PaymentVouchers } from './voucher-port.ts';

/** The ledger reference of a session's mentor no-show refund: one per session, ever. */
const refundReference = (sessionId: number) => `noshow-refund:${sessionId}`;

export interface MentorNoShowRefund {
  /** KES given back by this call (0 when there was nothing to give, or it was given before). */
  refunded: number;
  /** Tells the payers; call once the transaction has committed. */
  notify(): Promise<void>;
}

/**
 * A mentor did not come to a session: every paid share goes back in full the way it was paid (to the payer's
 * wallet, or the voucher made usable again), as one REFUND transaction out of the session's escrow, and the
 * payers and the mentor are told by e-mail and SMS. The mentor is not paid for it: the earnings job settles such a session
 * at nothing, and a mentor already paid (an admin decided the no-show after the session was settled) gives
 * the earnings back, with the platform's commission, first; if their wallet no longer holds them (paid out),
 * nothing happens and the caller gets a clear error.
 *
 * Idempotent: the refund's ledger reference is unique, so asked again (after a failure, or by an admin's
 * correction) it gives nothing twice. A cancelled session is not refunded here (its cancellation did that).
 */
export class MentorNoShowRefunds {
  constructor(
    private readonly env: Pick<Env, 'TIME_ZONE' | 'PUBLIC_URL'> & SessionRulesEnv,
    private readonly channels: CancellationChannels,
    private readonly vouchers: Pick<PaymentVouchers, 'restore'>,
  ) {}

  /** Refunds in the caller's transaction (or a savepoint of it). */
  async refund(tx: DbOrTx, sessionId: number, now: Date): Promise<MentorNoShowRefund> {
    const nothing: MentorNoShowRefund = { refunded: 0, notify: async () => {} };
    const repository = new SessionMoneyRepository(tx);
    const session = await repository.lockSession(sessionId);
    if (!session || session.status === 'CANCELLED') return nothing;
    if ((await repository.transactionOutflow(refundReference(sessionId))) !== null) return nothing;
    const participants = await repository.lockParticipants(sessionId);
    const described = await repository.describeSession(sessionId);
    await this.takeBackEarnings(tx, session, now);
    const { refunds, total } = await refundPaidShares(tx, {
      session,
      participants,
      reference: refundReference(sessionId),
      memo: `Refund: the mentor did not come to session ${session.reference}`,
      now,
      vouchers: this.vouchers,
    });
    if (!described) return nothing;

    const people: NoticePerson[] = refundedPeople(participants, refunds);
    // The mentor is told too, by e-mail and SMS (issue 20): the session ended without them.
    people.push({
      name: described.mentorName,
      email: described.mentorEmail,
      phone: described.mentorPhone,
      money: { kind: 'ABSENT_MENTOR' },
    });
    const facts = {
      ...sessionFactsOf(session, described, this.env),
      presenceMinutes: sessionRulesOf(this.env).presenceMinutes,
    };
    return {
      refunded: total,
      notify: () =>
        sendMentorNoShowNotices(people, facts, {
          mailer: this.channels.mailer,
          sms: this.channels.sms(),
          log: this.channels.log,
        }),
    };
  }

  /** What the mentor no-show refund of a session gave back so far (KES). */
  async refunded(db: DbOrTx, sessionId: number): Promise<number> {
    return (await new SessionMoneyRepository(db).transactionOutflow(refundReference(sessionId))) ?? 0;
  }

  /** A settled session's mentor earnings and commission go back into its escrow (the settlement: nothing). */
  private async takeBackEarnings(tx: DbOrTx, session: LockedSession, now: Date): Promise<void> {
    const repository = new SessionMoneyRepository(tx);
    const settlement = await repository.findSettlement(session.id);
    if (!settlement || settlement.paid === 0) return;
    const lines: LedgerLine[] = [{ account: { platform: 'SESSION_ESCROW' }, amount: settlement.paid }];
    if (settlement.earnings > 0) {
      lines.push({ account: { wallet: session.advisorId }, amount: -settlement.earnings });
    }
    if (settlement.commission > 0) {
      lines.push({ account: { platform: 'COMMISSION' }, amount: -settlement.commission });
    }
    try {
      await postTransaction(tx, {
        kind: 'EARNINGS_REVERSAL',
        reference: `earnings-reversal:${session.id}`,
        memo: `Earnings taken back: you did not come to session ${session.reference}`,
        lines,
        links: { sessionId: session.id },
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError) {
        throw invalid(adminMoneyMessages.noShowPaidOut);
      }
      throw error;
    }
    await repository.clearSettlement(session.id, now);
  }
}
