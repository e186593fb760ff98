import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { actionItems, sessionNotes } from '../../db/schema/journal.ts';
import { sessionParticipants, sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';

export interface NoteRecord {
  sessionId: number;
  authorId: number;
  isMentor: boolean;
  body: string;
  updatedAt: Date;
}

export interface ActionItemRecord {
  id: number;
  sessionId: number;
  adviseeId: number;
  adviseeName: string;
  title: string;
  dueOn: string | null;
  doneAt: Date | null;
  createdAt: Date;
}

/** An open action item as a reminder lists it. */
export interface OpenActionItem {
  adviseeId: number;
  title: string;
  dueOn: string | null;
}

const itemColumns = {
  id: actionItems.id,
  sessionId: actionItems.sessionId,
  adviseeId: actionItems.adviseeId,
  adviseeName: users.name,
  title: actionItems.title,
  dueOn: actionItems.dueOn,
  doneAt: actionItems.doneAt,
  createdAt: actionItems.createdAt,
};

/** Reads and writes of session notes and action items (issue 24). */
export class JournalRepository {
  constructor(private readonly db: DbOrTx) {}

  /** The mentor's notes of these sessions, and (with `ownerId`) that mentee's own notes on them. */
  async findNotes(sessionIds: readonly number[], ownerId: number | null): Promise<NoteRecord[]> {
    if (sessionIds.length === 0) return [];
    return this.db
      .select({
        sessionId: sessionNotes.sessionId,
        authorId: sessionNotes.authorId,
        isMentor: sessionNotes.isMentor,
        body: sessionNotes.body,
        updatedAt: sessionNotes.updatedAt,
      })
      .from(sessionNotes)
      .where(
        and(
          inArray(sessionNotes.sessionId, [...sessionIds]),
          ownerId === null
            ? eq(sessionNotes.isMentor, true)
            : sql`(${sessionNotes.isMentor} or ${sessionNotes.authorId} = ${ownerId})`,
        ),
      );
  }

  /** Writes the author's notes on a session (one per author), or removes them when `body` is empty. */
  async saveNotes(input: {
    sessionId: number;
    authorId: number;
    isMentor: boolean;
    body: string;
    now: Date;
  }) {
    if (input.body === '') {
      await this.db
        .delete(sessionNotes)
        .where(and(eq(sessionNotes.sessionId, input.sessionId), eq(sessionNotes.authorId, input.authorId)));
      return;
    }
    await this.db
      .insert(sessionNotes)
      .values({ ...input, createdAt: input.now, updatedAt: input.now })
      .onConflictDoUpdate({
        target: [sessionNotes.sessionId, sessionNotes.authorId],
        set: { body: input.body, updatedAt: input.now },
      });
  }

  /** Action items of these sessions (only `adviseeId`'s when given), oldest first. */
  async findItems(sessionIds: readonly number[], adviseeId: number | null): Promise<ActionItemRecord[]> {
    if (sessionIds.length === 0) return [];
    return this.db
      .select(itemColumns)
      .from(actionItems)
      .innerJoin(users, eq(users.id, actionItems.adviseeId))
      .where(
        and(
          inArray(actionItems.sessionId, [...sessionIds]),
          adviseeId === null ? undefined : eq(actionItems.adviseeId, adviseeId),
        ),
      )
      .orderBy(asc(actionItems.createdAt), asc(actionItems.id));
  }

  async findItem(id: number): Promise<ActionItemRecord | null> {
    const [row] = await this.db
      .select(itemColumns)
      .from(actionItems)
      .innerJoin(users, eq(users.id, actionItems.adviseeId))
      .where(eq(actionItems.id, id));
    return row ?? null;
  }

  /** How many items each of these mentees has from the session. */
  async countItems(sessionId: number, adviseeIds: readonly number[]): Promise<Map<number, number>> {
    const rows = await this.db
      .select({ adviseeId: actionItems.adviseeId, count: count() })
      .from(actionItems)
      .where(and(eq(actionItems.sessionId, sessionId), inArray(actionItems.adviseeId, [...adviseeIds])))
      .groupBy(actionItems.adviseeId);
    return new Map(rows.map((row) => [row.adviseeId, row.count]));
  }

  async insertItems(
    items: ReadonlyArray<{ sessionId: number; adviseeId: number; title: string; dueOn: string | null }>,
    now: Date,
  ): Promise<number[]> {
    const rows = await this.db
      .insert(actionItems)
      .values(items.map((item) => ({ ...item, createdAt: now })))
      .returning({ id: actionItems.id });
    return rows.map((row) => row.id);
  }

  async setDone(id: number, doneAt: Date | null): Promise<void> {
    await this.db.update(actionItems).set({ doneAt }).where(eq(actionItems.id, id));
  }

  async deleteItem(id: number): Promise<void> {
    await this.db.delete(actionItems).where(eq(actionItems.id, id));
  }

  /**
   * One page of a mentee's journey: the confirmed sessions they attended (host, or invited and accepted) that
   * have started, newest first; only those with `mentorId` when given.
   */
  async listJourneySessionIds(filter: {
    adviseeId: number;
    mentorId: number | null;
    now: Date;
    limit: number;
    offset: number;
  }): Promise<{ ids: number[]; total: number }> {
    const where = and(
      eq(sessionParticipants.adviseeId, filter.adviseeId),
      sql`(${sessionParticipants.isHost} or ${sessionParticipants.invitationStatus} = 'ACCEPTED')`,
      eq(sessions.status, 'CONFIRMED'),
      sql`${sessions.startsAt} <= ${filter.now}`,
      filter.mentorId === null ? undefined : eq(sessions.advisorId, filter.mentorId),
    );
    const rows = await this.db
      .select({ id: sessions.id, total: sql<number>`(count(*) over ())::int` })
      .from(sessionParticipants)
      .innerJoin(sessions, eq(sessions.id, sessionParticipants.sessionId))
      .where(where)
      .orderBy(sql`${sessions.startsAt} desc`, sql`${sessions.id} desc`)
      .limit(filter.limit)
      .offset(filter.offset);
    if (rows.length > 0 || filter.offset === 0) {
      return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
    }
    const [counted] = await this.db
      .select({ total: count() })
      .from(sessionParticipants)
      .innerJoin(sessions, eq(sessions.id, sessionParticipants.sessionId))
      .where(where);
    return { ids: [], total: counted?.total ?? 0 };
  }

  /** Whether the mentor has a confirmed session (past or to come) the mentee attends. */
  async isMenteeOf(mentorId: number, adviseeId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessionParticipants)
      .innerJoin(sessions, eq(sessions.id, sessionParticipants.sessionId))
      .where(
        and(
          eq(sessionParticipants.adviseeId, adviseeId),
          sql`(${sessionParticipants.isHost} or ${sessionParticipants.invitationStatus} = 'ACCEPTED')`,
          eq(sessions.status, 'CONFIRMED'),
          eq(sessions.advisorId, mentorId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** A mentee's open items in all (with one mentor's sessions only, when given). */
  async countOpenItems(adviseeId: number, mentorId: number | null): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(actionItems)
      .innerJoin(sessions, eq(sessions.id, actionItems.sessionId))
      .where(
        and(
          eq(actionItems.adviseeId, adviseeId),
          isNull(actionItems.doneAt),
          mentorId === null ? undefined : eq(sessions.advisorId, mentorId),
        ),
      );
    return row?.total ?? 0;
  }

  /** Done items per session of these, for one mentee. */
  async countDoneItems(sessionIds: readonly number[], adviseeId: number): Promise<Map<number, number>> {
    if (sessionIds.length === 0) return new Map();
    const rows = await this.db
      .select({ sessionId: actionItems.sessionId, count: count() })
      .from(actionItems)
      .where(
        and(
          inArray(actionItems.sessionId, [...sessionIds]),
          eq(actionItems.adviseeId, adviseeId),
          sql`${actionItems.doneAt} is not null`,
        ),
      )
      .groupBy(actionItems.sessionId);
    return new Map(rows.map((row) => [row.sessionId, row.count]));
  }

  /**
   * The open action items of these mentees from their sessions with one mentor, soonest due first (those
   * without a due date last), for the reminders before their next session with that mentor.
   */
  async findOpenItemsWithMentor(adviseeIds: readonly number[], mentorId: number): Promise<OpenActionItem[]> {
    if (adviseeIds.length === 0) return [];
    return this.db
      .select({ adviseeId: actionItems.adviseeId, title: actionItems.title, dueOn: actionItems.dueOn })
      .from(actionItems)
      .innerJoin(sessions, eq(sessions.id, actionItems.sessionId))
      .where(
        and(
          inArray(actionItems.adviseeId, [...adviseeIds]),
          isNull(actionItems.doneAt),
          eq(sessions.advisorId, mentorId),
        ),
      )
      .orderBy(sql`${actionItems.dueOn} asc nulls last`, asc(actionItems.id));
  }
}
