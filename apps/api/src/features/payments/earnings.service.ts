import { splitEarnings } from '@myprosper/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { isRetryable } from '../../db/database-errors.ts';
import { type LedgerLine, LedgerRepository, postTransaction } from '../wallet/wallet.door.ts';
import { type LockedSession, SessionMoneyRepository } from './session-money.repository.ts';

export interface Settlement {
  paid: number;
  earnings: number;
  commission: number;
}

/**
 * Pays a session's mentor, once (session_settlements' primary key): `paid` leaves the escrow, the platform
 * keeps its commission (rounded down) and the mentor's wallet gets the rest. Nothing paid: settled with no
 * ledger transaction. Run inside the caller's transaction, with the session locked.
 */
export async function settleToMentor(
  tx: DbOrTx,
  input: { session: LockedSession; paid: number; percent: number; memo: string },
): Promise<Settlement> {
  const { earnings, commission } = splitEarnings(input.paid, input.percent);
  let transactionId: number | null = null;
  if (input.paid > 0) {
    const lines: LedgerLine[] = [{ account: { platform: 'SESSION_ESCROW' }, amount: -input.paid }];
    if (earnings > 0) lines.push({ account: { wallet: input.session.advisorId }, amount: earnings });
    if (commission > 0) lines.push({ account: { platform: 'COMMISSION' }, amount: commission });
    const posted = await postTransaction(tx, {
      kind: 'EARNINGS',
      reference: `earnings:${input.session.id}`,
      memo: input.memo,
      lines,
      links: { sessionId: input.session.id },
    });
    transactionId = posted.transactionId;
  }
  await new SessionMoneyRepository(tx).recordSettlement({
    sessionId: input.session.id,
    transactionId,
    paid: input.paid,
    earnings,
    commission,
  });
  return { paid: input.paid, earnings, commission };
}

/**
 * After a paid session ends, its mentor is credited the price less the platform commission, on the final
 * word about the mentor (the calls feature's no-show decision, as admins may have corrected it): a session
 * waits for it, and a mentor who did not come is paid nothing (their mentees were refunded).
 */
export class EarningsService {
  constructor(
    private readonly db: Db,
    private readonly commissionPercent: number,
    private readonly log: FastifyBaseLogger,
    /**
     * PAYOUT_HOLD_HOURS (issue 21): a session is settled only this long after its end, and not while a mentee's
     * dispute of it is open; until then its earnings are pending (they wait in its escrow).
     */
    private readonly holdHours: number,
  ) {}

  /** Settles every confirmed session that has ended and is not settled yet. Answers how many. */
  async settleEndedSessions(now = new Date()): Promise<number> {
    let settled = 0;
    for (;;) {
      const ids = await new SessionMoneyRepository(this.db).sessionsToSettle(this.heldUntil(now), 50);
      if (ids.length === 0) return settled;
      let progressed = 0;
      for (const id of ids) {
        try {
          if (await this.settleOne(id, now)) progressed++;
        } catch (error) {
          if (!isRetryable(error)) throw error;
          this.log.warn({ err: error, sessionId: id }, 'settlement will be tried again');
        }
      }
      settled += progressed;
      if (progressed === 0) return settled;
    }
  }

  /** Sessions that ended before this are past their hold. */
  private heldUntil(now: Date): Date {
    return new Date(now.getTime() - this.holdHours * 3_600_000);
  }

  private settleOne(sessionId: number, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const repository = new SessionMoneyRepository(tx);
      const session = await repository.lockSession(sessionId);
      if (!session || session.status !== 'CONFIRMED' || session.endsAt > this.heldUntil(now)) return false;
      if (await repository.isSettled(sessionId)) return false;
      // A dispute opened (under the session's lock) holds the earnings until an admin decides.
      if (await repository.isDisputed(sessionId)) return false;
      const paid = await new LedgerRepository(tx).sessionEscrow(sessionId);
      // A mentor who did not come is paid nothing: their mentees' refund emptied the escrow.
      if (paid > 0 && (await repository.mentorNoShow(sessionId))) {
        this.log.error({ sessionId, paid }, 'a mentor no-show session still holds money; not settled');
        return false;
      }
      const described = await repository.describeSession(sessionId);
      await settleToMentor(tx, {
        session,
        paid,
        percent: this.commissionPercent,
        memo: `Earnings: session ${session.reference} with ${described?.hostName ?? 'your mentee'}`,
      });
      return true;
    });
  }
}
