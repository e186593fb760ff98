import type { BookingStatus } from '@myprosper/contract/sessions';
import { and, asc, count, desc, eq, exists, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection.ts';
import { topics } from '../../db/schema/catalogue.ts';
import { payments, sessionCancellations, sessionSettlements } from '../../db/schema/payments.ts';
import { sessionParticipants, sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { holdLapsedAt } from '../sessions/sessions.door.ts';
import { containing, phoneContaining } from './search-terms.ts';

const mentorUser = alias(users, 'mentor_user');
const hostUser = alias(users, 'host_user');
const attendeeUser = alias(users, 'attendee_user');
const cancellerUser = alias(users, 'canceller_user');

export interface AdminSessionFilter {
  id?: number;
  person?: string;
  mentor?: string;
  mentorId?: number;
  adviseeId?: number;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  status?: BookingStatus;
  /** Only sessions still to come that hold their slot (confirmed, or unpaid with a running hold). */
  upcomingAt?: Date;
  now: Date;
  limit: number;
  offset: number;
}

/** The status people see, in SQL: an unpaid hold past its time is EXPIRED. */
function statusIs(status: BookingStatus, now: Date): SQL {
  const lapsed = holdLapsedAt(now);
  switch (status) {
    case 'EXPIRED':
      return sql`(${sessions.status} = 'EXPIRED' OR ${lapsed})`;
    case 'PENDING_PAYMENT':
      return sql`(${sessions.status} = 'PENDING_PAYMENT' AND NOT coalesce(${lapsed}, false))`;
    default:
      return eq(sessions.status, status);
  }
}

/** Sessions as the admin console searches and shows them. */
export class AdminSessionsRepository {
  constructor(private readonly db: DbOrTx) {}

  private conditions(filter: AdminSessionFilter): SQL[] {
    const conditions: SQL[] = [];
    if (filter.id !== undefined) conditions.push(eq(sessions.id, filter.id));
    if (filter.person) {
      const text = containing(filter.person);
      conditions.push(
        or(
          ilike(sessions.reference, text),
          // A receipt or card reference of one of its payments (the code in a customer's SMS).
          exists(
            this.db
              .select({ one: sql`1` })
              .from(payments)
              .where(
                and(
                  eq(payments.sessionId, sessions.id),
                  or(ilike(payments.providerReference, text), ilike(payments.checkoutRequestId, text)),
                ),
              ),
          ),
          exists(
            this.db
              .select({ one: sql`1` })
              .from(sessionParticipants)
              .leftJoin(attendeeUser, eq(attendeeUser.id, sessionParticipants.adviseeId))
              .where(
                and(
                  eq(sessionParticipants.sessionId, sessions.id),
                  or(
                    ilike(attendeeUser.name, text),
                    ilike(attendeeUser.email, text),
                    ilike(attendeeUser.phoneNumber, phoneContaining(filter.person)),
                    ilike(sessionParticipants.phoneNumber, phoneContaining(filter.person)),
                    ilike(sessionParticipants.email, text),
                  ),
                ),
              ),
          ),
        )!,
      );
    }
    if (filter.mentor) {
      const text = containing(filter.mentor);
      conditions.push(or(ilike(mentorUser.name, text), ilike(mentorUser.email, text))!);
    }
    if (filter.mentorId !== undefined) conditions.push(eq(sessions.advisorId, filter.mentorId));
    if (filter.adviseeId !== undefined) {
      conditions.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(sessionParticipants)
            .where(
              and(
                eq(sessionParticipants.sessionId, sessions.id),
                eq(sessionParticipants.adviseeId, filter.adviseeId),
              ),
            ),
        ),
      );
    }
    if (filter.from) conditions.push(gte(sessions.startsAt, filter.from));
    if (filter.to) conditions.push(lt(sessions.startsAt, filter.to));
    if (filter.status) conditions.push(statusIs(filter.status, filter.now));
    if (filter.upcomingAt) {
      conditions.push(
        gte(sessions.startsAt, filter.upcomingAt),
        sql`(${sessions.status} = 'CONFIRMED' OR (${sessions.status} = 'PENDING_PAYMENT' AND ${sessions.holdExpiresAt} > ${filter.upcomingAt}))`,
      );
    }
    return conditions;
  }

  /** Newest start first; upcoming lists soonest first. */
  async search(filter: AdminSessionFilter) {
    const where = and(...this.conditions(filter));
    const rows = await this.db
      .select({
        id: sessions.id,
        reference: sessions.reference,
        sessionType: sessions.sessionType,
        status: sessions.status,
        holdExpiresAt: sessions.holdExpiresAt,
        paymentStatus: sessions.paymentStatus,
        callStatus: sessions.callStatus,
        startsAt: sessions.startsAt,
        endsAt: sessions.endsAt,
        amount: sessions.amount,
        topic: { id: topics.id, name: topics.name },
        mentor: { id: mentorUser.id, name: mentorUser.name, email: mentorUser.email },
        host: { id: hostUser.id, name: hostUser.name, email: hostUser.email },
        attendeeCount:
          sql<number>`(select count(*) from session_participants sp where sp.session_id = ${sessions.id})`.mapWith(
            Number,
          ),
      })
      .from(sessions)
      .innerJoin(topics, eq(topics.id, sessions.topicId))
      .innerJoin(mentorUser, eq(mentorUser.id, sessions.advisorId))
      .innerJoin(hostUser, eq(hostUser.id, sessions.adviseeId))
      .where(where)
      .orderBy(
        filter.upcomingAt ? asc(sessions.startsAt) : desc(sessions.startsAt),
        filter.upcomingAt ? asc(sessions.id) : desc(sessions.id),
      )
      .limit(filter.limit)
      .offset(filter.offset);
    const [total] = await this.db
      .select({ n: count() })
      .from(sessions)
      .innerJoin(mentorUser, eq(mentorUser.id, sessions.advisorId))
      .where(where);
    return { rows, total: total?.n ?? 0 };
  }

  async findOne(id: number, now: Date) {
    const { rows } = await this.search({ id, now, limit: 1, offset: 0 });
    return rows[0] ?? null;
  }

  async cancellationOf(sessionId: number) {
    const [row] = await this.db
      .select({
        by: { id: cancellerUser.id, name: cancellerUser.name, role: cancellerUser.role },
        reason: sessionCancellations.reason,
        fullRefund: sessionCancellations.fullRefund,
        refunded: sessionCancellations.refunded,
        forfeited: sessionCancellations.forfeited,
        at: sessionCancellations.createdAt,
      })
      .from(sessionCancellations)
      .innerJoin(cancellerUser, eq(cancellerUser.id, sessionCancellations.cancelledBy))
      .where(eq(sessionCancellations.sessionId, sessionId));
    return row ?? null;
  }

  async settlementOf(sessionId: number) {
    const [row] = await this.db
      .select({
        paid: sessionSettlements.paid,
        earnings: sessionSettlements.earnings,
        commission: sessionSettlements.commission,
        at: sessionSettlements.settledAt,
      })
      .from(sessionSettlements)
      .where(eq(sessionSettlements.sessionId, sessionId));
    return row ?? null;
  }
}
