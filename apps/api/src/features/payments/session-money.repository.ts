import { and, asc, eq, isNotNull, lt, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection.ts';
import { calls } from '../../db/schema/calls.ts';
import { topics } from '../../db/schema/catalogue.ts';
import { sessionDisputes } from '../../db/schema/mentor-payouts.ts';
import {
  ledgerEntries,
  ledgerTransactions,
  sessionCancellations,
  sessionSettlements,
} from '../../db/schema/payments.ts';
import { sessionParticipants, sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { priceCovered } from '../calls/calls.door.ts';

/** What paying, cancelling and settling a session read and change of it, always on locked rows. */

export interface LockedSession {
  id: number;
  reference: string;
  advisorId: number;
  adviseeId: number;
  sessionType: 'INDIVIDUAL' | 'GROUP';
  status: 'PENDING_PAYMENT' | 'CONFIRMED' | 'EXPIRED' | 'CANCELLED';
  startsAt: Date;
  endsAt: Date;
  holdExpiresAt: Date | null;
  amount: number;
  /** The start before the mentor's first move, if they moved it: mentees are refunded in full until then. */
  fullRefundUntil: Date | null;
}

export interface MoneyParticipant {
  id: number;
  sessionId: number;
  adviseeId: number | null;
  amount: number;
  paymentStatus: 'UNPAID' | 'PAID';
  isHost: boolean;
  phoneNumber: string | null;
  email: string | null;
  name: string | null;
  invitationStatus: 'ACCEPTED' | 'PENDING' | 'DECLINED';
  /** When the invitation SMS went out (null: never, e.g. the host has not paid). */
  invitedAt: Date | null;
  /** The attached account proved its phone by an SMS code. */
  phoneVerified: boolean;
}

const mentor = alias(users, 'mentor_user');
const host = alias(users, 'host_user');

const sessionColumns = {
  id: sessions.id,
  reference: sessions.reference,
  advisorId: sessions.advisorId,
  adviseeId: sessions.adviseeId,
  sessionType: sessions.sessionType,
  status: sessions.status,
  startsAt: sessions.startsAt,
  endsAt: sessions.endsAt,
  holdExpiresAt: sessions.holdExpiresAt,
  amount: sessions.amount,
  fullRefundUntil: sessions.fullRefundUntil,
};

const participantColumns = {
  id: sessionParticipants.id,
  sessionId: sessionParticipants.sessionId,
  adviseeId: sessionParticipants.adviseeId,
  amount: sessionParticipants.amount,
  paymentStatus: sessionParticipants.paymentStatus,
  isHost: sessionParticipants.isHost,
  phoneNumber: sql<string | null>`coalesce(${sessionParticipants.phoneNumber}, ${users.phoneNumber})`,
  email: sql<string | null>`coalesce(${users.email}, ${sessionParticipants.email})`,
  name: users.name,
  invitationStatus: sessionParticipants.invitationStatus,
  invitedAt: sessionParticipants.invitedAt,
  phoneVerified: sql<boolean>`(${users.phoneVerifiedAt} is not null)`,
};

export class SessionMoneyRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Locks a session for a change of its money or state (always before any wallet). */
  async lockSession(id: number): Promise<LockedSession | null> {
    const [row] = await this.db
      .select(sessionColumns)
      .from(sessions)
      .where(eq(sessions.id, id))
      .for('update');
    return row ?? null;
  }

  async findSession(id: number): Promise<LockedSession | null> {
    const [row] = await this.db.select(sessionColumns).from(sessions).where(eq(sessions.id, id));
    return row ?? null;
  }

  /** The session of a participant (not locked: lock the session, then the participant). */
  async sessionIdOfParticipant(participantId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ sessionId: sessionParticipants.sessionId })
      .from(sessionParticipants)
      .where(eq(sessionParticipants.id, participantId));
    return row?.sessionId ?? null;
  }

  async findParticipant(sessionId: number, adviseeId: number): Promise<MoneyParticipant | null> {
    const [row] = await this.db
      .select(participantColumns)
      .from(sessionParticipants)
      .leftJoin(users, eq(users.id, sessionParticipants.adviseeId))
      .where(and(eq(sessionParticipants.sessionId, sessionId), eq(sessionParticipants.adviseeId, adviseeId)));
    return row ?? null;
  }

  async lockParticipant(participantId: number): Promise<MoneyParticipant | null> {
    const [row] = await this.db
      .select(participantColumns)
      .from(sessionParticipants)
      .leftJoin(users, eq(users.id, sessionParticipants.adviseeId))
      .where(eq(sessionParticipants.id, participantId))
      .for('update', { of: sessionParticipants });
    return row ?? null;
  }

  /** Every attendee of a session, host first, locked. */
  async lockParticipants(sessionId: number): Promise<MoneyParticipant[]> {
    return this.db
      .select(participantColumns)
      .from(sessionParticipants)
      .leftJoin(users, eq(users.id, sessionParticipants.adviseeId))
      .where(eq(sessionParticipants.sessionId, sessionId))
      .orderBy(sql`${sessionParticipants.isHost} DESC`, asc(sessionParticipants.id))
      .for('update', { of: sessionParticipants });
  }

  /** Every attendee of a session, host first, not locked (for reading only). */
  async participantsOf(sessionId: number): Promise<MoneyParticipant[]> {
    return this.db
      .select(participantColumns)
      .from(sessionParticipants)
      .leftJoin(users, eq(users.id, sessionParticipants.adviseeId))
      .where(eq(sessionParticipants.sessionId, sessionId))
      .orderBy(sql`${sessionParticipants.isHost} DESC`, asc(sessionParticipants.id));
  }

  async markParticipantPaid(participantId: number): Promise<void> {
    await this.db
      .update(sessionParticipants)
      .set({ paymentStatus: 'PAID' })
      .where(eq(sessionParticipants.id, participantId));
  }

  /**
   * The host's share is paid: the session keeps its slot for good. A lapsed or expired hold takes its slot
   * again, which the exclusion constraints refuse if someone else has it now.
   */
  async confirmSession(id: number, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ status: 'CONFIRMED', paymentStatus: 'PAID', holdExpiresAt: null, updatedAt: now })
      .where(eq(sessions.id, id));
    await this.db
      .update(sessionParticipants)
      .set({ holdsSlot: true })
      .where(and(eq(sessionParticipants.sessionId, id), eq(sessionParticipants.holdsSlot, false)));
  }

  /** Cancelled: the slot is free again for the mentor and every attendee. */
  /**
   * A paid mentee who declined a proposed move leaves the session: their share was refunded in full, so it is
   * unpaid again and holds nobody's time (issue 20).
   */
  async releaseDecliner(participantId: number): Promise<void> {
    await this.db
      .update(sessionParticipants)
      .set({
        paymentStatus: 'UNPAID',
        invitationStatus: 'DECLINED',
        holdsSlot: false,
        respondedAt: sql`now()`,
      })
      .where(eq(sessionParticipants.id, participantId));
  }

  async cancelSession(id: number, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ status: 'CANCELLED', holdExpiresAt: null, updatedAt: now })
      .where(eq(sessions.id, id));
    await this.db
      .update(sessionParticipants)
      .set({ holdsSlot: false })
      .where(eq(sessionParticipants.sessionId, id));
  }

  async recordCancellation(values: typeof sessionCancellations.$inferInsert): Promise<void> {
    await this.db.insert(sessionCancellations).values(values);
  }

  async isSettled(sessionId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessionSettlements.sessionId })
      .from(sessionSettlements)
      .where(eq(sessionSettlements.sessionId, sessionId));
    return row !== undefined;
  }

  /** Settled (its mentor paid), or its mentor did not come (the paid shares went back): nothing more is paid in. */
  async isClosedToPayments(sessionId: number): Promise<boolean> {
    return (await this.isSettled(sessionId)) || (await this.mentorNoShow(sessionId)) === true;
  }

  async recordSettlement(values: typeof sessionSettlements.$inferInsert): Promise<void> {
    await this.db.insert(sessionSettlements).values(values);
  }

  async findSettlement(sessionId: number) {
    const [row] = await this.db
      .select({
        transactionId: sessionSettlements.transactionId,
        paid: sessionSettlements.paid,
        earnings: sessionSettlements.earnings,
        commission: sessionSettlements.commission,
      })
      .from(sessionSettlements)
      .where(eq(sessionSettlements.sessionId, sessionId));
    return row ?? null;
  }

  /** The mentor's pay for the session was taken back: it stays settled, at nothing. */
  async clearSettlement(sessionId: number, now: Date): Promise<void> {
    await this.db
      .update(sessionSettlements)
      .set({ transactionId: null, paid: 0, earnings: 0, commission: 0, settledAt: now })
      .where(eq(sessionSettlements.sessionId, sessionId));
  }

  /** The calls feature's decision on the mentor: true a no-show, false present, null not decided. */
  async mentorNoShow(sessionId: number): Promise<boolean | null> {
    const [row] = await this.db
      .select({ noShow: calls.mentorNoShow })
      .from(calls)
      .where(eq(calls.sessionId, sessionId));
    return row?.noShow ?? null;
  }

  /** What a ledger transaction took out of its accounts (KES), or null when none has this reference. */
  async transactionOutflow(reference: string): Promise<number | null> {
    const [row] = await this.db
      .select({
        id: ledgerTransactions.id,
        out: sql<number>`coalesce(sum(-${ledgerEntries.amount}), 0)::int`,
      })
      .from(ledgerTransactions)
      .leftJoin(
        ledgerEntries,
        and(eq(ledgerEntries.transactionId, ledgerTransactions.id), lt(ledgerEntries.amount, 0)),
      )
      .where(eq(ledgerTransactions.idempotencyKey, reference))
      .groupBy(ledgerTransactions.id);
    return row ? row.out : null;
  }

  /** Whether a mentee's dispute of the session is open (issue 21): its earnings wait for an admin. */
  async isDisputed(sessionId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessionDisputes.id })
      .from(sessionDisputes)
      .where(and(eq(sessionDisputes.sessionId, sessionId), eq(sessionDisputes.status, 'OPEN')));
    return row !== undefined;
  }

  /**
   * Confirmed sessions that ended by `endedBy` (now less the payout hold, issue 21) whose mentor has not been paid yet
   * and that no open dispute holds, oldest first. Each waits for
   * the final word on its mentor: until the calls feature decided them by the presence rule (within its window),
   * and while a mentor no-show's refund is not done.
   */
  async sessionsToSettle(endedBy: Date, limit: number): Promise<number[]> {
    // Never before the calls feature's word on the mentor (the presence rule over the call's records), however
    // long that takes: a session nobody came to is not paid to its mentor because a job ran late.
    const rows = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .leftJoin(calls, eq(calls.sessionId, sessions.id))
      .where(
        and(
          eq(sessions.status, 'CONFIRMED'),
          lte(sessions.endsAt, endedBy),
          isNotNull(calls.mentorDecidedAt),
          sql`not (coalesce(${calls.mentorNoShow}, false) and ${calls.refundRequestedAt} is null)`,
          // A group whose price was never covered had no call: it is cancelled and refunded, never settled.
          priceCovered(),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(sessionDisputes)
              .where(and(eq(sessionDisputes.sessionId, sessions.id), eq(sessionDisputes.status, 'OPEN'))),
          ),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(sessionSettlements)
              .where(eq(sessionSettlements.sessionId, sessions.id)),
          ),
        ),
      )
      .orderBy(asc(sessions.endsAt), asc(sessions.id))
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /** Names and addresses for messages and wallet descriptions. */
  async describeSession(id: number) {
    const [row] = await this.db
      .select({
        reference: sessions.reference,
        topic: topics.name,
        mentorName: mentor.name,
        mentorEmail: mentor.email,
        // SMS only to a phone its owner proved (issue 19).
        mentorPhone: sql<
          string | null
        >`case when ${mentor.phoneVerifiedAt} is not null then ${mentor.phoneNumber} end`,
        hostName: host.name,
      })
      .from(sessions)
      .innerJoin(topics, eq(topics.id, sessions.topicId))
      .innerJoin(mentor, eq(mentor.id, sessions.advisorId))
      .innerJoin(host, eq(host.id, sessions.adviseeId))
      .where(eq(sessions.id, id));
    return row ?? null;
  }

  async userName(id: number): Promise<string | null> {
    const [row] = await this.db.select({ name: users.name }).from(users).where(eq(users.id, id));
    return row?.name ?? null;
  }
}
