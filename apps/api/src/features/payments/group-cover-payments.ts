import type { DbOrTx } from '../../db/connection.ts';
import { InsufficientFundsError, postTransaction } from '../wallet/wallet.door.ts';
import { GroupCoverRepository } from './group-cover.repository.ts';
import { SessionMoneyRepository } from './session-money.repository.ts';

/**
 * Paying a group's due cover (group-cover.service.ts), inside a caller's transaction with the session locked:
 * from the host's wallet directly, or once an M-PESA or card payment of the host has reached it.
 */

/** What a due cover is now, read inside the caller's transaction (session locked): its amount, or null. */
export async function dueCoverAmount(tx: DbOrTx, sessionId: number): Promise<number | null> {
  const covers = new GroupCoverRepository(tx);
  if (!(await covers.isDue(sessionId))) return null;
  return (await covers.findCover(sessionId))?.amount ?? null;
}

/**
 * The host's top-up of a due cover from their wallet into the session's escrow (SESSION_PAYMENT
 * 'cover:<session>'), in a savepoint of the caller's transaction with the session locked: the wallet payment
 * here, and an M-PESA or card payment of a paid host once its money is in the wallet.
 */
export async function payCoverFromWallet(
  tx: DbOrTx,
  input: { sessionId: number; hostId: number; reference: string; now: Date },
): Promise<
  | { outcome: 'PAID'; amount: number }
  | { outcome: 'NOT_DUE' }
  | { outcome: 'INSUFFICIENT_FUNDS'; balance: number; amount: number }
> {
  const amount = await dueCoverAmount(tx, input.sessionId);
  if (amount === null) return { outcome: 'NOT_DUE' };
  try {
    await tx.transaction(async (savepoint) => {
      const posted = await postTransaction(savepoint, {
        kind: 'SESSION_PAYMENT',
        reference: `cover:${input.sessionId}`,
        memo: `Session ${input.reference}: group price covered`,
        lines: [
          { account: { wallet: input.hostId }, amount: -amount },
          { account: { platform: 'SESSION_ESCROW' }, amount },
        ],
        links: { sessionId: input.sessionId },
      });
      await new GroupCoverRepository(savepoint).markPaid(input.sessionId, posted.transactionId, input.now);
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      return { outcome: 'INSUFFICIENT_FUNDS', balance: error.balance, amount };
    }
    throw error;
  }
  return { outcome: 'PAID', amount };
}

/**
 * After an M-PESA or card payment of a session's already paid host reached their wallet (its callback's
 * transaction, session locked): the group's due cover is paid from it. Answers whether it was.
 */
export async function payDueCoverOnArrival(
  tx: DbOrTx,
  payment: { sessionId: number | null; payerId: number },
  now: Date,
): Promise<boolean> {
  if (payment.sessionId === null) return false;
  const session = await new SessionMoneyRepository(tx).findSession(payment.sessionId);
  if (!session || session.adviseeId !== payment.payerId) return false;
  const paid = await payCoverFromWallet(tx, {
    sessionId: session.id,
    hostId: payment.payerId,
    reference: session.reference,
    now,
  });
  return paid.outcome === 'PAID';
}
