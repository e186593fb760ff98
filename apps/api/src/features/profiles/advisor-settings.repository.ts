import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { advisorAvailability, advisorTopics, topics } from '../../db/schema/catalogue.ts';
import { advisorBlockedDates } from '../../db/schema/profiles.ts';
import { sessions } from '../../db/schema/sessions.ts';

/** A mentor's upcoming session holding its hour, with its local date, weekday and hour (platform zone). */
export interface HeldSession {
  id: number;
  reference: string;
  startsAt: Date;
  topic: string;
  paid: boolean;
  /** yyyy-MM-dd */
  localDate: string;
  /** ISO weekday 1-7 and start hour 0-23, local. */
  dayOfWeek: number;
  startHour: number;
}

/** A mentor's weekly hours, topics and blocked dates. */
export class AdvisorSettingsRepository {
  constructor(private readonly db: DbOrTx) {}

  async listWeeklyHours(advisorId: number) {
    return this.db
      .select({ dayOfWeek: advisorAvailability.dayOfWeek, startHour: advisorAvailability.startHour })
      .from(advisorAvailability)
      .where(eq(advisorAvailability.advisorId, advisorId))
      .orderBy(asc(advisorAvailability.dayOfWeek), asc(advisorAvailability.startHour));
  }

  /** Replaces the whole week (call inside a transaction). */
  async replaceWeeklyHours(
    advisorId: number,
    hours: ReadonlyArray<{ dayOfWeek: number; startHour: number }>,
  ) {
    await this.db.delete(advisorAvailability).where(eq(advisorAvailability.advisorId, advisorId));
    if (hours.length === 0) return;
    await this.db.insert(advisorAvailability).values(hours.map((hour) => ({ advisorId, ...hour })));
  }

  /** How many of these topic ids exist. */
  async countTopics(topicIds: readonly number[]): Promise<number> {
    if (topicIds.length === 0) return 0;
    const rows = await this.db
      .select({ id: topics.id })
      .from(topics)
      .where(inArray(topics.id, [...topicIds]));
    return rows.length;
  }

  /** Replaces the mentor's topics, keeping the order given (call inside a transaction). */
  async replaceTopics(advisorId: number, topicIds: readonly number[]) {
    await this.db.delete(advisorTopics).where(eq(advisorTopics.advisorId, advisorId));
    if (topicIds.length === 0) return;
    await this.db
      .insert(advisorTopics)
      .values(topicIds.map((topicId, position) => ({ advisorId, topicId, position })));
  }

  /** Blocked dates from `fromDate` on, ascending (yyyy-MM-dd). */
  async listBlockedDates(advisorId: number, fromDate: string): Promise<string[]> {
    const rows = await this.db
      .select({ date: advisorBlockedDates.blockedDate })
      .from(advisorBlockedDates)
      .where(
        and(eq(advisorBlockedDates.advisorId, advisorId), gte(advisorBlockedDates.blockedDate, fromDate)),
      )
      .orderBy(asc(advisorBlockedDates.blockedDate));
    return rows.map((row) => row.date);
  }

  async blockDates(advisorId: number, dates: readonly string[]): Promise<void> {
    if (dates.length === 0) return;
    await this.db
      .insert(advisorBlockedDates)
      .values(dates.map((blockedDate) => ({ advisorId, blockedDate })))
      .onConflictDoNothing();
  }

  /** The mentor's sessions from `now` on that hold their hour (paid, or held unpaid), soonest first. */
  async listHeldSessions(advisorId: number, now: Date, timeZone: string): Promise<HeldSession[]> {
    const local = sql`(${sessions.startsAt} at time zone ${timeZone})`;
    const rows = await this.db
      .select({
        id: sessions.id,
        reference: sessions.reference,
        startsAt: sessions.startsAt,
        topic: topics.name,
        paid: sql<boolean>`${sessions.status} = 'CONFIRMED'`,
        localDate: sql<string>`to_char(${local}, 'YYYY-MM-DD')`,
        dayOfWeek: sql<number>`extract(isodow from ${local})::int`,
        startHour: sql<number>`extract(hour from ${local})::int`,
      })
      .from(sessions)
      .innerJoin(topics, eq(topics.id, sessions.topicId))
      .where(
        and(
          eq(sessions.advisorId, advisorId),
          sql`${sessions.startsAt} > ${now.toISOString()}::timestamptz`,
          sql`(${sessions.status} = 'CONFIRMED' or (${sessions.status} = 'PENDING_PAYMENT'
               and ${sessions.holdExpiresAt} > ${now.toISOString()}::timestamptz))`,
        ),
      )
      .orderBy(asc(sessions.startsAt));
    return rows;
  }

  async unblockDate(advisorId: number, date: string): Promise<void> {
    await this.db
      .delete(advisorBlockedDates)
      .where(and(eq(advisorBlockedDates.advisorId, advisorId), eq(advisorBlockedDates.blockedDate, date)));
  }
}
