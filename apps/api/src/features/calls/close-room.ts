import type { DbOrTx } from '../../db/connection.ts';
import { SignalsRepository } from './signals.repository.ts';

/**
 * For other features (payments): call after cancelling a session or refunding someone's share, with the
 * same transaction (`tx`), so it takes effect at its commit. Every API instance holding sockets of that
 * session's call checks each person again; whoever may no longer be there (the session was cancelled, their
 * share refunded) gets 'session-ended' and is disconnected, and the others see them leave.
 *
 * It stores a 'recheck' message in call_signals and sends its id with NOTIFY (polled on the embedded
 * database), the way the signaling bus does; instances also re-check every room every 30 seconds anyway.
 */
export async function closeCallRoom(db: DbOrTx, sessionId: number): Promise<void> {
  await new SignalsRepository(db).publish({ kind: 'recheck', sessionId });
}
