import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/connection.ts';
import { MentorNoShowRefunds } from '../payments/mentor-no-show.ts';

/**
 * What the payments feature does with the money of a session whose mentor did not come (payments/
 * mentor-no-show.ts): every paid share refunded in full, the mentor not paid for it.
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

/** The payments feature's refunds, telling people through the app's mailer and SMS sender. */
export function mentorNoShowMoney(app: FastifyInstance): MentorNoShowMoney {
  return new MentorNoShowRefunds(app.env, {
    mailer: app.mailer,
    sms: () => (app.hasDecorator('sms') ? app.sms : null),
    log: app.log,
  });
}
