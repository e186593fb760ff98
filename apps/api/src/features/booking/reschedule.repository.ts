import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import {
  rescheduleAnswers,
  rescheduleProposals,
  sessionParticipants,
  sessions,
} from '../../db/schema/sessions.ts';

/** A session locked for a move, with what the reschedule rules read (issue 20). */
export interface MovableSession {
  id: number;
  advisorId: number;
  startsAt: Date;
  endsAt: Date;
  status: (typeof sessions.$inferSelect)['status'];
  holdExpiresAt: Date | null;
  rescheduleCount: number;
}

export interface MovingParticipant {
  id: number;
  adviseeId: number | null;
  isHost: boolean;
  paymentStatus: 'UNPAID' | 'PAID';
}

export interface OpenProposal {
  id: number;
  sessionId: number;
  byMentor: boolean;
  proposedBy: number;
  fromStartsAt: Date;
  startsAt: Date;
  endsAt: Date;
  expiresAt: Date;
  answers: { participantId: number; answer: 'AWAITED' | 'ACCEPTED' | 'DECLINED' }[];
}

/** Proposed moves of sessions, their answers, and the counts a move changes; always on locked rows. */
export class RescheduleRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Open proposals whose time ran out lapse: the session stays where it was. */
  async lapseProposals(now: Date): Promise<void> {
    await this.db
      .update(rescheduleProposals)
      .set({ status: 'LAPSED', resolvedAt: now })
      .where(and(eq(rescheduleProposals.status, 'PENDING'), lte(rescheduleProposals.expiresAt, now)));
  }

  async lockSession(id: number): Promise<MovableSession | null> {
    const [row] = await this.db
      .select({
        id: sessions.id,
        advisorId: sessions.advisorId,
        startsAt: sessions.startsAt,
        endsAt: sessions.endsAt,
        status: sessions.status,
        holdExpiresAt: sessions.holdExpiresAt,
        rescheduleCount: sessions.rescheduleCount,
      })
      .from(sessions)
      .where(eq(sessions.id, id))
      .for('update');
    return row ?? null;
  }

  async lockParticipants(sessionId: number): Promise<MovingParticipant[]> {
    return this.db
      .select({
        id: sessionParticipants.id,
        adviseeId: sessionParticipants.adviseeId,
        isHost: sessionParticipants.isHost,
        paymentStatus: sessionParticipants.paymentStatus,
      })
      .from(sessionParticipants)
      .where(eq(sessionParticipants.sessionId, sessionId))
      .for('update');
  }

  /** The session's open proposal (locked), or null. */
  async lockOpenProposal(sessionId: number, now: Date): Promise<OpenProposal | null> {
    const [row] = await this.db
      .select({
        id: rescheduleProposals.id,
        sessionId: rescheduleProposals.sessionId,
        byMentor: rescheduleProposals.byMentor,
        proposedBy: rescheduleProposals.proposedBy,
        fromStartsAt: rescheduleProposals.fromStartsAt,
        startsAt: rescheduleProposals.startsAt,
        endsAt: rescheduleProposals.endsAt,
        expiresAt: rescheduleProposals.expiresAt,
      })
      .from(rescheduleProposals)
      .where(
        and(
          eq(rescheduleProposals.sessionId, sessionId),
          eq(rescheduleProposals.status, 'PENDING'),
          gt(rescheduleProposals.expiresAt, now),
        ),
      )
      .for('update');
    if (!row) return null;
    const answers = await this.db
      .select({ participantId: rescheduleAnswers.participantId, answer: rescheduleAnswers.answer })
      .from(rescheduleAnswers)
      .where(eq(rescheduleAnswers.proposalId, row.id))
      .orderBy(rescheduleAnswers.participantId)
      .for('update');
    return { ...row, answers };
  }

  /** A proposal waiting for these participants' answers; the triggers of migration 0019 hold its hour. */
  async insertProposal(
    values: Omit<typeof rescheduleProposals.$inferInsert, 'id' | 'status'>,
    awaiting: readonly number[],
  ): Promise<number> {
    const [row] = await this.db
      .insert(rescheduleProposals)
      .values(values)
      .returning({ id: rescheduleProposals.id });
    const id = row!.id;
    if (awaiting.length > 0) {
      await this.db
        .insert(rescheduleAnswers)
        .values(awaiting.map((participantId) => ({ proposalId: id, participantId })));
    }
    return id;
  }

  async recordAnswer(proposalId: number, participantId: number, answer: 'ACCEPTED' | 'DECLINED', now: Date) {
    await this.db
      .update(rescheduleAnswers)
      .set({ answer, answeredAt: now })
      .where(
        and(eq(rescheduleAnswers.proposalId, proposalId), eq(rescheduleAnswers.participantId, participantId)),
      );
  }

  async resolveProposal(id: number, status: 'ACCEPTED' | 'DECLINED', now: Date): Promise<void> {
    await this.db
      .update(rescheduleProposals)
      .set({ status, resolvedAt: now })
      .where(eq(rescheduleProposals.id, id));
  }

  /** One more move of the session, made or proposed (at most SessionRules.maxReschedules). */
  async countMove(sessionId: number, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ rescheduleCount: sql`${sessions.rescheduleCount} + 1`, updatedAt: now })
      .where(eq(sessions.id, sessionId));
  }

  /** The mentor moved it from `from`: its mentees keep a full refund until the first such start. */
  async markMovedByMentor(sessionId: number, from: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({
        fullRefundUntil: sql`coalesce(${sessions.fullRefundUntil}, ${from.toISOString()}::timestamptz)`,
      })
      .where(eq(sessions.id, sessionId));
  }
}
