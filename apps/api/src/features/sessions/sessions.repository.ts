import type { InvitationStatus, SessionListStatus, SessionType } from '@myprosper/contract/sessions';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection.ts';
import { executeNamed, preparedOnce } from '../../db/prepared.ts';
import { calls } from '../../db/schema/calls.ts';
import { topics } from '../../db/schema/catalogue.ts';
import { rescheduleProposals, sessionParticipants, sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';

/** A session with what its screens show: topic, mentor and host. */
export interface SessionRecord {
  id: number;
  reference: string;
  sessionType: SessionType;
  startsAt: Date;
  endsAt: Date;
  status: (typeof sessions.$inferSelect)['status'];
  paymentStatus: (typeof sessions.$inferSelect)['paymentStatus'];
  callStatus: (typeof sessions.$inferSelect)['callStatus'];
  amount: number;
  holdExpiresAt: Date | null;
  icsSequence: number;
  /** The calls feature decided the mentor did not attend (the session ended, its payers refunded). */
  mentorNoShow: boolean;
  /** Moves made or proposed (issue 20). */
  rescheduleCount: number;
  /** The start before the mentor's first move, if they moved it: fully refundable to mentees until then. */
  fullRefundUntil: Date | null;
  /** The booker's note to the mentor, or null. */
  note: string | null;
  /** The move waiting for the paid mentees' answers, if one is open (not lapsed). */
  proposal: PendingProposal | null;
  topic: { id: number; name: string; tagLine: string; imgUrl: string };
  advisor: { id: number; name: string; email: string; profilePicUrl: string | null };
  host: { id: number; name: string; email: string; profilePicUrl: string | null };
}

/** A proposed move of a session still open, as findRecords reads it. */
export interface PendingProposal {
  id: number;
  startsAt: Date;
  endsAt: Date;
  expiresAt: Date;
  byMentor: boolean;
  proposedBy: number;
  answers: { participantId: number; adviseeId: number | null; answer: 'AWAITED' | 'ACCEPTED' | 'DECLINED' }[];
}

interface PendingProposalRow extends Omit<PendingProposal, 'startsAt' | 'endsAt' | 'expiresAt'> {
  startsAt: string;
  endsAt: string;
  expiresAt: string;
}

/** The open proposal of the session in the outer query, as JSON (null when none). */
const pendingProposalJson = sql<PendingProposalRow | null>`(
  select json_build_object('id', p.id, 'startsAt', p.starts_at, 'endsAt', p.ends_at, 'expiresAt', p.expires_at,
    'byMentor', p.by_mentor, 'proposedBy', p.proposed_by,
    'answers', coalesce((select json_agg(json_build_object('participantId', a.participant_id,
                           'adviseeId', sp.advisee_id, 'answer', a.answer) order by a.participant_id)
                         from reschedule_answers a join session_participants sp on sp.id = a.participant_id
                         where a.proposal_id = p.id), '[]'::json))
  from ${rescheduleProposals} p
  where p.session_id = ${sessions.id} and p.status = 'PENDING' and p.expires_at > now()
    and ${sessions.status} in ('PENDING_PAYMENT', 'CONFIRMED'))`;

function toPendingProposal(row: PendingProposalRow | null): PendingProposal | null {
  if (!row) return null;
  return {
    ...row,
    startsAt: new Date(row.startsAt),
    endsAt: new Date(row.endsAt),
    expiresAt: new Date(row.expiresAt),
  };
}

export interface ParticipantRecord {
  id: number;
  sessionId: number;
  adviseeId: number | null;
  name: string | null;
  phoneNumber: string | null;
  email: string | null;
  amount: number;
  invitationStatus: InvitationStatus;
  paymentStatus: 'UNPAID' | 'PAID';
  isHost: boolean;
}

const advisorUser = alias(users, 'advisor_user');
const hostUser = alias(users, 'host_user');

/** A session's mentor or host as a record of it shows them. */
const personColumns = (person: typeof advisorUser | typeof hostUser) => ({
  id: person.id,
  name: person.name,
  email: person.email,
  profilePicUrl: person.profilePicUrl,
});

/** The values of a list of sessions' statements, given on each run (they are built once, with these in place). */
const listValues = {
  userId: sql.placeholder('userId'),
  /** The caller's verified phone (2547…), or null: their invitations not yet answered are listed too. */
  phone: sql`${sql.placeholder('phone')}::text`,
  now: sql`${sql.placeholder('now')}::timestamptz`,
  sessionType: sql.placeholder('sessionType'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/** Whether a session holds its slot at `now` (an instant, or a statement's value): paid, or unpaid with its hold still running. */
export function holdsSlotAt(now: Date | SQL): SQL {
  return sql`(${sessions.status} = 'CONFIRMED' OR (${sessions.status} = 'PENDING_PAYMENT' AND ${sessions.holdExpiresAt} > ${now}))`;
}

/** Whether a session's hold has lapsed by `now` (an instant, or a statement's value): unpaid, its time run out, not yet marked EXPIRED. */
export function holdLapsedAt(now: Date | SQL): SQL {
  return sql`(${sessions.status} = 'PENDING_PAYMENT' AND ${sessions.holdExpiresAt} <= ${now})`;
}

export interface SessionListFilter {
  userId: number;
  status: SessionListStatus;
  sessionType?: SessionType;
  now: Date;
  limit: number;
  offset: number;
}

/** Reads and writes of sessions, their participants and ratings. */
export class SessionsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** The sessions with these ids, in the order given (a missing one is left out). */
  async findRecords(ids: readonly number[]): Promise<SessionRecord[]> {
    if (ids.length === 0) return [];
    // Built once per database and named (db/prepared.ts): every list of sessions runs it.
    const query = preparedOnce(this.db, 'sessions_records', (name) =>
      this.db
        .select({
          id: sessions.id,
          reference: sessions.reference,
          sessionType: sessions.sessionType,
          startsAt: sessions.startsAt,
          endsAt: sessions.endsAt,
          status: sessions.status,
          paymentStatus: sessions.paymentStatus,
          callStatus: sessions.callStatus,
          amount: sessions.amount,
          holdExpiresAt: sessions.holdExpiresAt,
          icsSequence: sessions.icsSequence,
          mentorNoShow: sql<boolean>`coalesce(${calls.mentorNoShow}, false)`,
          rescheduleCount: sessions.rescheduleCount,
          fullRefundUntil: sessions.fullRefundUntil,
          note: sessions.note,
          proposal: pendingProposalJson,
          topic: { id: topics.id, name: topics.name, tagLine: topics.tagLine, imgUrl: topics.imgUrl },
          advisor: personColumns(advisorUser),
          host: personColumns(hostUser),
        })
        .from(sessions)
        .innerJoin(topics, eq(topics.id, sessions.topicId))
        .innerJoin(advisorUser, eq(advisorUser.id, sessions.advisorId))
        .innerJoin(hostUser, eq(hostUser.id, sessions.adviseeId))
        .leftJoin(calls, eq(calls.sessionId, sessions.id))
        .where(sql`${sessions.id} = any(${sql.placeholder('ids')}::int[])`)
        .prepare(name),
    );
    const rows = await query.execute({ ids: [...ids] });
    const byId = new Map(
      rows.map((row) => [row.id, { ...row, proposal: toPendingProposal(row.proposal) } as SessionRecord]),
    );
    return ids.map((id) => byId.get(id)).filter((row): row is SessionRecord => row !== undefined);
  }

  async findRecord(id: number): Promise<SessionRecord | null> {
    const [record] = await this.findRecords([id]);
    return record ?? null;
  }

  /** Attendees of these sessions, host first. The e-mail is the registered one when the person signed up. */
  async findParticipants(sessionIds: readonly number[]): Promise<ParticipantRecord[]> {
    if (sessionIds.length === 0) return [];
    const query = preparedOnce(this.db, 'sessions_participants', (name) =>
      this.db
        .select({
          id: sessionParticipants.id,
          sessionId: sessionParticipants.sessionId,
          adviseeId: sessionParticipants.adviseeId,
          name: users.name,
          phoneNumber: sessionParticipants.phoneNumber,
          email: sql<string | null>`coalesce(${users.email}, ${sessionParticipants.email})`,
          amount: sessionParticipants.amount,
          invitationStatus: sessionParticipants.invitationStatus,
          paymentStatus: sessionParticipants.paymentStatus,
          isHost: sessionParticipants.isHost,
        })
        .from(sessionParticipants)
        .leftJoin(users, eq(users.id, sessionParticipants.adviseeId))
        .where(sql`${sessionParticipants.sessionId} = any(${sql.placeholder('ids')}::int[])`)
        .orderBy(desc(sessionParticipants.isHost), asc(sessionParticipants.id))
        .prepare(name),
    );
    return query.execute({ ids: [...sessionIds] });
  }

  /** Whether the advisee is one of the session's people: its host, or an attendee who accepted. */
  async isParticipant(sessionId: number, adviseeId: number): Promise<boolean> {
    return (await this.findOwnShare(sessionId, adviseeId)) !== null;
  }

  /** The account's phone as stored, if it was proven by an SMS code; else null. */
  async findVerifiedPhone(userId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ phoneNumber: users.phoneNumber })
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.phoneVerifiedAt)));
    return row?.phoneNumber ?? null;
  }

  /**
   * The invitation of a session sent to this number (2547…) that nobody has taken up: PENDING or DECLINED,
   * and sent (the host paid). Null when there is none.
   */
  async findSentInvitation(
    sessionId: number,
    phone254: string,
  ): Promise<{ phoneNumber: string; invitationStatus: 'PENDING' | 'DECLINED' } | null> {
    const [row] = await this.db
      .select({
        phoneNumber: sessionParticipants.phoneNumber,
        invitationStatus: sessionParticipants.invitationStatus,
      })
      .from(sessionParticipants)
      .where(
        and(
          eq(sessionParticipants.sessionId, sessionId),
          eq(sessionParticipants.phoneNumber, phone254),
          isNull(sessionParticipants.adviseeId),
          isNotNull(sessionParticipants.invitedAt),
          eq(sessionParticipants.isHost, false),
          inArray(sessionParticipants.invitationStatus, ['PENDING', 'DECLINED']),
        ),
      );
    if (!row?.phoneNumber || row.invitationStatus === 'ACCEPTED') return null;
    return { phoneNumber: row.phoneNumber, invitationStatus: row.invitationStatus };
  }

  /**
   * An advisee's sessions (as host or attendee who accepted), and the upcoming ones whose invitation was sent
   * to their verified phone and is not answered yet. UPCOMING: not ended and still holding its slot (paid, or
   * unpaid within its hold), soonest first; PENDING: those this person has not paid; PAST: ended and
   * confirmed, newest first; CANCELLED: cancelled, or unpaid past its hold (expired), newest first.
   */
  async listAdviseeSessionIds(
    filter: SessionListFilter & { phone?: string | null },
  ): Promise<{ ids: number[]; total: number }> {
    const { now, userId, phone } = listValues;
    const byStatus: Record<SessionListStatus, () => SQL> = {
      UPCOMING: () => sql`${sessions.endsAt} > ${now} and ${holdsSlotAt(now)}`,
      PENDING: () => sql`${sessions.endsAt} > ${now} and ${holdsSlotAt(now)}
        and ${sessionParticipants.paymentStatus} = 'UNPAID'`,
      PAST: () => sql`${sessions.endsAt} <= ${now} and ${sessions.status} = 'CONFIRMED'`,
      CANCELLED: () => sql`(${sessions.status} in ('CANCELLED', 'EXPIRED') or ${holdLapsedAt(now)})`,
    };
    return this.listPage(
      `sessions_advisee_${filter.status.toLowerCase()}`,
      filter,
      () => sql`from ${sessionParticipants} join ${sessions} on ${sessions.id} = ${sessionParticipants.sessionId}
        where (${sessionParticipants.adviseeId} = ${userId}
               or (${sessionParticipants.adviseeId} is null and ${sessionParticipants.phoneNumber} = ${phone}
                   and ${sessionParticipants.invitedAt} is not null
                   and ${sessionParticipants.invitationStatus} = 'PENDING' and ${sessions.endsAt} > ${now}))
          and ${byStatus[filter.status]()}`,
      { phone: filter.phone ?? null },
    );
  }

  /**
   * A mentor's confirmed sessions (upcoming soonest first, past newest first) and those cancelled after they
   * were paid (newest first); unpaid holds never show, and so Pending is always empty.
   */
  async listAdvisorSessionIds(filter: SessionListFilter): Promise<{ ids: number[]; total: number }> {
    if (filter.status === 'PENDING') return { ids: [], total: 0 };
    const { now, userId } = listValues;
    const byStatus: Record<Exclude<SessionListStatus, 'PENDING'>, () => SQL> = {
      UPCOMING: () => sql`${sessions.status} = 'CONFIRMED' and ${sessions.endsAt} > ${now}`,
      PAST: () => sql`${sessions.status} = 'CONFIRMED' and ${sessions.endsAt} <= ${now}`,
      CANCELLED: () => sql`${sessions.status} = 'CANCELLED' and ${sessions.paymentStatus} = 'PAID'`,
    };
    const status = filter.status;
    return this.listPage(
      `sessions_advisor_${status.toLowerCase()}`,
      filter,
      () => sql`from ${sessions} where ${sessions.advisorId} = ${userId} and ${byStatus[status]()}`,
      {},
    );
  }

  /**
   * One page of a list of sessions, with how many there are in all: upcoming and pending soonest first, the
   * others newest first. One statement named per list and per whether a session type is asked (`source` gives the from and where clauses, built once per
   * statement; the type's condition is added to them). Past the last page, the count is read on its own.
   */
  private async listPage(
    name: string,
    filter: SessionListFilter,
    source: () => SQL,
    extraValues: Record<string, unknown>,
  ): Promise<{ ids: number[]; total: number }> {
    const typed = filter.sessionType !== undefined;
    const soonestFirst = filter.status === 'UPCOMING' || filter.status === 'PENDING';
    const statement = `${name}${typed ? '_typed' : ''}`;
    const rows = () =>
      typed ? sql`${source()} and ${sessions.sessionType} = ${listValues.sessionType}` : source();
    const values = {
      ...extraValues,
      userId: filter.userId,
      now: filter.now.toISOString(),
      ...(typed ? { sessionType: filter.sessionType } : {}),
    };
    const page = await executeNamed<{ id: number; total: number }>(
      this.db,
      `${statement}_page`,
      () => sql`select ${sessions.id}, (count(*) over ())::int as total ${rows()}
        order by ${soonestFirst ? sql`${sessions.startsAt} asc, ${sessions.id} asc` : sql`${sessions.startsAt} desc, ${sessions.id} desc`}
        limit ${listValues.limit} offset ${listValues.offset}`,
      { ...values, limit: filter.limit, offset: filter.offset },
    );
    if (page.rows.length > 0 || filter.offset === 0) {
      return { ids: page.rows.map((row) => row.id), total: page.rows[0]?.total ?? 0 };
    }
    const counted = await executeNamed<{ total: number }>(
      this.db,
      `${statement}_count`,
      () => sql`select count(*)::int as total ${rows()}`,
      values,
    );
    return { ids: [], total: counted.rows[0]?.total ?? 0 };
  }

  /**
   * The time ranges of a mentor's sessions that hold their slot, overlapping [from, to), and the hours their
   * open proposed moves hold (issue 20).
   */
  async findTakenRanges(advisorId: number, from: Date, to: Date, now: Date) {
    const held = await this.db
      .select({ startsAt: sessions.startsAt, endsAt: sessions.endsAt })
      .from(sessions)
      .where(
        and(
          eq(sessions.advisorId, advisorId),
          holdsSlotAt(now),
          gt(sessions.endsAt, from),
          sql`${sessions.startsAt} < ${to}`,
        ),
      );
    const proposed = await this.db
      .select({ startsAt: rescheduleProposals.startsAt, endsAt: rescheduleProposals.endsAt })
      .from(rescheduleProposals)
      .innerJoin(sessions, eq(sessions.id, rescheduleProposals.sessionId))
      .where(
        and(
          eq(rescheduleProposals.advisorId, advisorId),
          holdsSlotAt(now),
          eq(rescheduleProposals.status, 'PENDING'),
          gt(rescheduleProposals.expiresAt, now),
          gt(rescheduleProposals.endsAt, from),
          sql`${rescheduleProposals.startsAt} < ${to}`,
        ),
      );
    return [...held, ...proposed];
  }

  /**
   * Unpaid holds that ran out become EXPIRED and their attendees stop holding the slot, in one statement.
   * Rows another transaction is already expiring are skipped. Answers how many expired.
   */
  async expireStaleHolds(now: Date): Promise<number> {
    const result = await this.db.execute<{ id: number }>(sql`
      WITH stale AS (
        SELECT ${sessions.id} AS id FROM ${sessions}
        WHERE ${holdLapsedAt(now)}
        ORDER BY ${sessions.id}
        FOR UPDATE SKIP LOCKED
      ), expired AS (
        UPDATE ${sessions} SET status = 'EXPIRED', updated_at = ${now}
        WHERE ${sessions.id} IN (SELECT id FROM stale)
        RETURNING ${sessions.id} AS id
      ), released AS (
        UPDATE ${sessionParticipants} SET holds_slot = false
        WHERE ${sessionParticipants.sessionId} IN (SELECT id FROM expired)
      )
      SELECT id FROM expired`);
    return result.rows.length;
  }

  /** Locks a session for a change; null when there is none. */
  async lockSession(id: number) {
    const [row] = await this.db
      .select({
        id: sessions.id,
        startsAt: sessions.startsAt,
        status: sessions.status,
        holdExpiresAt: sessions.holdExpiresAt,
      })
      .from(sessions)
      .where(eq(sessions.id, id))
      .for('update');
    return row ?? null;
  }

  /** Moves a session and its attendees to a new time, bumping the calendar SEQUENCE. */
  async moveSession(id: number, startsAt: Date, endsAt: Date, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ startsAt, endsAt, icsSequence: sql`${sessions.icsSequence} + 1`, updatedAt: now })
      .where(eq(sessions.id, id));
    await this.db
      .update(sessionParticipants)
      .set({ startsAt, endsAt })
      .where(eq(sessionParticipants.sessionId, id));
  }

  /** The caller's own attendee row of a session (host, or an invitation they accepted), for rating. */
  async findOwnShare(sessionId: number, adviseeId: number) {
    const [row] = await this.db
      .select({ paymentStatus: sessionParticipants.paymentStatus })
      .from(sessionParticipants)
      .where(
        and(
          eq(sessionParticipants.sessionId, sessionId),
          eq(sessionParticipants.adviseeId, adviseeId),
          or(eq(sessionParticipants.isHost, true), eq(sessionParticipants.invitationStatus, 'ACCEPTED')),
        ),
      )
      .limit(1);
    return row ?? null;
  }
}
