import type { DbOrTx } from '../../db/connection.ts';

/**
 * What the payments feature does with the money of a session whose mentor did not come (payments/
 * mentor-no-show.ts): every paid share refunded in full, the mentor not paid for it. app.ts passes it in, so
 * calls never import payments.
 */
export interface MentorNoShowMoney {
  /**
   * Refunds in the caller's transaction, idempotently (asked again, nothing moves twice); throws when it
   * cannot (asked again later). `notify` tells the payers once the transaction has committed.
   */
  refund(tx: DbOrTx, sessionId: number, now: Date): Promise<{ refunded: number; notify(): Promise<void> }>;
  /** KES the mentor no-show refund of a session gave back so far. */
  refunded(db: DbOrTx, sessionId: number): Promise<number>;
}
