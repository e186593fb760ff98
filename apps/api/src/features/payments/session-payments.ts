import type { DbOrTx } from '../../db/connection.ts';
import { exclusionViolation, pgErrorOf } from '../../db/database-errors.ts';
import { effectiveStatus } from '../sessions/sessions.door.ts';
import {
  type AccountRef,
  InsufficientFundsError,
  type PlatformAccount,
  postTransaction,
} from '../wallet/wallet.door.ts';
import {
  type LockedSession,
  type MoneyParticipant,
  SessionMoneyRepository,
} from './session-money.repository.ts';

/**
 * The money hooks every way of paying uses, each inside the caller's transaction:
 * - creditWallet: money that arrived from a provider (M-PESA, card) goes into the payer's wallet;
 * - payShare / payShareFromWallet: a participant's share of a session is paid into escrow, the participant
 *   marked PAID and, for the host, the session confirmed (its slot held for good).
 * Lock order, always: payment row, session row, then wallets (in id order, inside postTransaction).
 */

export interface CreditWalletInput {
  userId: number;
  amount: number;
  /** MPESA_TOPUP from MPESA_CLEARING, CARD_TOPUP from CARD_CLEARING. */
  kind: 'MPESA_TOPUP' | 'CARD_TOPUP';
  from: Extract<PlatformAccount, 'MPESA_CLEARING' | 'CARD_CLEARING'>;
  /** Unique key of this credit, e.g. 'payment:12'. */
  reference: string;
  /** 'M-PESA top-up QK12ABC' */
  memo: string;
  paymentId?: number;
}

/** Money received from a provider, into the payer's wallet. Answers the wallet's new balance. */
export async function creditWallet(tx: DbOrTx, input: CreditWalletInput): Promise<number> {
  const posted = await postTransaction(tx, {
    kind: input.kind,
    reference: input.reference,
    memo: input.memo,
    lines: [
      { account: { platform: input.from }, amount: -input.amount },
      { account: { wallet: input.userId }, amount: input.amount },
    ],
    links: input.paymentId ? { paymentId: input.paymentId } : undefined,
  });
  return posted.walletBalances.get(input.userId) ?? 0;
}

export type ShareProblem =
  /** The share is more than the paying account holds. */
  | 'INSUFFICIENT_FUNDS'
  /** Cancelled, ended, its mentor already paid, or a mentor no-show. */
  | 'SESSION_CLOSED'
  /** The host's unpaid hold ran out (and re-holding was not asked for). */
  | 'EXPIRED'
  /** A group attendee may pay once the host has (the session holds its slot from then on). */
  | 'HOST_FIRST'
  /** The hold had lapsed and someone else has the slot now. */
  | 'SLOT_TAKEN'
  | 'NOT_FOUND';

export type ShareOutcome =
  | { ok: true; status: 'PAID' | 'ALREADY_PAID'; sessionConfirmed: boolean }
  | { ok: false; problem: ShareProblem; balance?: number; share?: number };

export interface PayShareInput {
  participantId: number;
  /** Where the money comes from: the participant's wallet unless said otherwise (e.g. VOUCHERS). */
  source?: AccountRef;
  /** A payment that arrived after the hold lapsed may take the slot again if it is still free. */
  allowRehold?: boolean;
  now?: Date;
}

/** Whether a participant can pay their share of this session now, and what paying would do to it. */
export function sharePlan(
  session: LockedSession,
  participant: Pick<MoneyParticipant, 'isHost' | 'paymentStatus'>,
  now: Date,
  allowRehold: boolean,
): { ok: true; confirms: boolean } | { ok: false; problem: ShareProblem } {
  if (session.status === 'CANCELLED' || session.endsAt <= now)
    return { ok: false, problem: 'SESSION_CLOSED' };
  const status = effectiveStatus(session, now);
  if (!participant.isHost) {
    if (status === 'CONFIRMED') return { ok: true, confirms: false };
    return { ok: false, problem: status === 'PENDING_PAYMENT' ? 'HOST_FIRST' : 'EXPIRED' };
  }
  if (status === 'CONFIRMED') return { ok: true, confirms: false };
  if (status === 'PENDING_PAYMENT' || allowRehold) return { ok: true, confirms: true };
  return { ok: false, problem: 'EXPIRED' };
}

/**
 * Pays a participant's share from an account (their wallet by default) into the session's escrow, in a
 * savepoint: on any problem nothing of it is kept and the caller's transaction goes on.
 */
export async function payShare(tx: DbOrTx, input: PayShareInput): Promise<ShareOutcome> {
  const now = input.now ?? new Date();
  const sessions = new SessionMoneyRepository(tx);
  const sessionId = await sessions.sessionIdOfParticipant(input.participantId);
  if (sessionId === null) return { ok: false, problem: 'NOT_FOUND' };
  const session = await sessions.lockSession(sessionId);
  const participant = await sessions.lockParticipant(input.participantId);
  if (!session || !participant || participant.adviseeId === null) return { ok: false, problem: 'NOT_FOUND' };
  if (participant.paymentStatus === 'PAID')
    return { ok: true, status: 'ALREADY_PAID', sessionConfirmed: false };
  if (await sessions.isClosedToPayments(session.id)) return { ok: false, problem: 'SESSION_CLOSED' };
  const plan = sharePlan(session, participant, now, input.allowRehold ?? false);
  if (!plan.ok) return plan;

  const source = input.source ?? { wallet: participant.adviseeId };
  try {
    await tx.transaction(async (savepoint) => {
      if (participant.amount > 0) {
        const described = await new SessionMoneyRepository(savepoint).describeSession(session.id);
        await postTransaction(savepoint, {
          kind: 'SESSION_PAYMENT',
          reference: `share:${participant.id}`,
          memo: `Session ${session.reference} with ${described?.mentorName ?? 'your mentor'}`,
          lines: [
            { account: source, amount: -participant.amount },
            { account: { platform: 'SESSION_ESCROW' }, amount: participant.amount },
          ],
          links: { sessionId: session.id, participantId: participant.id },
        });
      }
      const repository = new SessionMoneyRepository(savepoint);
      await repository.markParticipantPaid(participant.id);
      if (plan.confirms) await repository.confirmSession(session.id, now);
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      return { ok: false, problem: 'INSUFFICIENT_FUNDS', balance: error.balance, share: participant.amount };
    }
    if (pgErrorOf(error)?.code === exclusionViolation) return { ok: false, problem: 'SLOT_TAKEN' };
    throw error;
  }
  return { ok: true, status: 'PAID', sessionConfirmed: plan.confirms };
}

/** The participant's share from their own wallet (Checkout Session, and after a top-up). */
export function payShareFromWallet(tx: DbOrTx, input: Omit<PayShareInput, 'source'>): Promise<ShareOutcome> {
  return payShare(tx, input);
}
