import type { WeeklyHour } from '@myprosper/contract/slots';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';

/** An entry on a mentor's list: WAITING for a turn, or HOLDING an hour. */
export interface OpenEntry {
  id: number;
  advisorId: number;
  adviseeId: number;
  status: 'WAITING' | 'HOLDING';
  createdAt: Date;
}

export interface ActiveHold {
  id: number;
  entryId: number;
  advisorId: number;
  adviseeId: number;
  startsAt: Date;
  endsAt: Date;
  expiresAt: Date;
}

/** A hold just granted and not yet told, with where to tell its person. */
export interface HoldToTell extends ActiveHold {
  name: string;
  email: string;
  /** Only a phone its account proved. */
  phone: string | null;
  mentorName: string;
}

const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

function toHold(row: Record<string, unknown>): ActiveHold {
  return {
    id: Number(row.id),
    entryId: Number(row.entry_id),
    advisorId: Number(row.advisor_id),
    adviseeId: Number(row.advisee_id),
    startsAt: date(row.starts_at),
    endsAt: date(row.ends_at),
    expiresAt: date(row.expires_at),
  };
}

function toEntry(row: Record<string, unknown>): OpenEntry {
  return {
    id: Number(row.id),
    advisorId: Number(row.advisor_id),
    adviseeId: Number(row.advisee_id),
    status: row.status as OpenEntry['status'],
    createdAt: date(row.created_at),
  };
}

/** Waitlist entries and the hours held for them. */
export class WaitlistsRepository {
  constructor(private readonly db: DbOrTx) {}

  /**
   * Takes the mentor's waitlist turn until the transaction ends: passing holds and booking one of the
   * mentor's hours go one at a time, so a hold is never granted on an hour a booking is taking.
   */
  async lockMentor(advisorId: number): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext('waitlist'), ${advisorId}::int)`);
  }

  /** Takes the person's turn for joining (the cap of lists counts under it). */
  async lockPerson(adviseeId: number): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext('waitlist-person'), ${adviseeId}::int)`);
  }

  async findPerson(id: number) {
    const result = await this.db.execute<{ id: number; role: string; status: string; name: string }>(
      sql`select id, role, status, name from users where id = ${id}`,
    );
    return result.rows[0] ?? null;
  }

  async findWeeklyHours(advisorId: number): Promise<WeeklyHour[]> {
    const result = await this.db.execute<{ day_of_week: number; start_hour: number }>(
      sql`select day_of_week, start_hour from advisor_availability where advisor_id = ${advisorId}`,
    );
    return result.rows.map((row) => ({
      dayOfWeek: Number(row.day_of_week),
      startHour: Number(row.start_hour),
    }));
  }

  async findBlockedDates(advisorId: number): Promise<string[]> {
    const result = await this.db.execute<{ day: string }>(
      sql`select to_char(blocked_date, 'YYYY-MM-DD') as day from advisor_blocked_dates where advisor_id = ${advisorId}`,
    );
    return result.rows.map((row) => row.day);
  }

  /** The person's open entry on the mentor's list, or null. */
  async findOpenEntry(advisorId: number, adviseeId: number): Promise<OpenEntry | null> {
    const result = await this.db.execute<Record<string, unknown>>(sql`
      select id, advisor_id, advisee_id, status, created_at from waitlist_entries
      where advisor_id = ${advisorId} and advisee_id = ${adviseeId} and status in ('WAITING', 'HOLDING')`);
    const row = result.rows[0];
    return row ? toEntry(row) : null;
  }

  /** Where an open entry stands: 1 = the first open entry of its mentor. */
  async positionOf(entry: OpenEntry): Promise<number> {
    const result = await this.db.execute<{ n: number }>(sql`
      select count(*)::int as n from waitlist_entries
      where advisor_id = ${entry.advisorId} and status in ('WAITING', 'HOLDING') and id <= ${entry.id}`);
    return Number(result.rows[0]?.n ?? 1);
  }

  async countOpenEntriesOf(adviseeId: number): Promise<number> {
    const result = await this.db.execute<{ n: number }>(sql`
      select count(*)::int as n from waitlist_entries
      where advisee_id = ${adviseeId} and status in ('WAITING', 'HOLDING')`);
    return Number(result.rows[0]?.n ?? 0);
  }

  async insertEntry(advisorId: number, adviseeId: number, now: Date): Promise<OpenEntry> {
    const result = await this.db.execute<Record<string, unknown>>(sql`
      insert into waitlist_entries (advisor_id, advisee_id, status, created_at)
      values (${advisorId}, ${adviseeId}, 'WAITING', ${now.toISOString()}::timestamptz)
      returning id, advisor_id, advisee_id, status, created_at`);
    return toEntry(result.rows[0]!);
  }

  /** Ends an open entry (LEFT, BOOKED or LAPSED) and ends its active hold with `holdStatus`. */
  async endEntry(
    entryId: number,
    status: 'LEFT' | 'BOOKED' | 'LAPSED',
    holdStatus: 'USED' | 'LAPSED' | 'RELEASED',
    now: Date,
  ): Promise<void> {
    const at = now.toISOString();
    await this.db.execute(sql`
      update waitlist_holds set status = ${holdStatus}, ended_at = ${at}::timestamptz
      where entry_id = ${entryId} and status = 'ACTIVE'`);
    await this.db.execute(sql`
      update waitlist_entries set status = ${status}, ended_at = ${at}::timestamptz
      where id = ${entryId} and status in ('WAITING', 'HOLDING')`);
  }

  /** The hold running for an entry at `now`, or null. */
  async findActiveHoldOf(entryId: number, now: Date): Promise<ActiveHold | null> {
    const result = await this.db.execute<Record<string, unknown>>(sql`
      select id, entry_id, advisor_id, advisee_id, starts_at, ends_at, expires_at from waitlist_holds
      where entry_id = ${entryId} and status = 'ACTIVE' and expires_at > ${now.toISOString()}::timestamptz`);
    const row = result.rows[0];
    return row ? toHold(row) : null;
  }

  /** Holds of the mentor's still running at `now` that overlap [startsAt, endsAt). */
  async findRunningHoldsOver(
    advisorId: number,
    startsAt: Date,
    endsAt: Date,
    now: Date,
  ): Promise<ActiveHold[]> {
    const result = await this.db.execute<Record<string, unknown>>(sql`
      select id, entry_id, advisor_id, advisee_id, starts_at, ends_at, expires_at from waitlist_holds
      where advisor_id = ${advisorId} and status = 'ACTIVE' and expires_at > ${now.toISOString()}::timestamptz
        and tstzrange(starts_at, ends_at) && tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz)`);
    return result.rows.map(toHold);
  }

  /** The mentor's active holds (lapsed ones are marked before this is read). */
  async findActiveHolds(advisorId: number): Promise<ActiveHold[]> {
    const result = await this.db.execute<Record<string, unknown>>(sql`
      select id, entry_id, advisor_id, advisee_id, starts_at, ends_at, expires_at from waitlist_holds
      where advisor_id = ${advisorId} and status = 'ACTIVE'`);
    return result.rows.map(toHold);
  }

  /** Mentors with someone on their list. */
  async findMentorsWithOpenEntries(): Promise<number[]> {
    const result = await this.db.execute<{ advisor_id: number }>(sql`
      select distinct advisor_id from waitlist_entries where status in ('WAITING', 'HOLDING') order by advisor_id`);
    return result.rows.map((row) => Number(row.advisor_id));
  }

  /**
   * Holds of the mentor that ran out unused by `now`: each becomes LAPSED and its entry leaves the list
   * (LAPSED). Answers how many.
   */
  async lapseHolds(advisorId: number, now: Date): Promise<number> {
    const at = now.toISOString();
    const result = await this.db.execute<{ entry_id: number }>(sql`
      update waitlist_holds set status = 'LAPSED', ended_at = ${at}::timestamptz
      where advisor_id = ${advisorId} and status = 'ACTIVE' and expires_at <= ${at}::timestamptz
      returning entry_id`);
    const entries = result.rows.map((row) => Number(row.entry_id));
    if (entries.length > 0) {
      await this.db.execute(sql`
        update waitlist_entries set status = 'LAPSED', ended_at = ${at}::timestamptz
        where id in ${entries} and status = 'HOLDING'`);
    }
    return entries.length;
  }

  /**
   * Entries of the mentor whose person booked a session with them since joining (it holds its hour now):
   * they no longer wait. Each ends as BOOKED; a hold they had is released. Answers how many.
   */
  async closeBookedEntries(advisorId: number, now: Date): Promise<number> {
    const at = now.toISOString();
    const result = await this.db.execute<{ id: number }>(sql`
      select e.id from waitlist_entries e
      where e.advisor_id = ${advisorId} and e.status in ('WAITING', 'HOLDING')
        and exists (select 1 from sessions s
                    where s.advisor_id = e.advisor_id and s.advisee_id = e.advisee_id
                      and s.created_at >= e.created_at
                      and (s.status = 'CONFIRMED'
                           or (s.status = 'PENDING_PAYMENT' and s.hold_expires_at > ${at}::timestamptz)))`);
    for (const row of result.rows) await this.endEntry(Number(row.id), 'BOOKED', 'RELEASED', now);
    return result.rows.length;
  }

  /**
   * Active holds of the mentor on an hour a session now holds (taken some other way): released, and their
   * entries wait again for the next hour, keeping their place.
   */
  async releaseHoldsOnTakenHours(advisorId: number, now: Date): Promise<void> {
    const at = now.toISOString();
    const result = await this.db.execute<{ entry_id: number }>(sql`
      update waitlist_holds h set status = 'RELEASED', ended_at = ${at}::timestamptz
      where h.advisor_id = ${advisorId} and h.status = 'ACTIVE'
        and exists (select 1 from sessions s
                    where s.advisor_id = h.advisor_id
                      and tstzrange(s.starts_at, s.ends_at) && tstzrange(h.starts_at, h.ends_at)
                      and (s.status = 'CONFIRMED'
                           or (s.status = 'PENDING_PAYMENT' and s.hold_expires_at > ${at}::timestamptz)))
      returning h.entry_id`);
    const entries = result.rows.map((row) => Number(row.entry_id));
    if (entries.length > 0) {
      await this.db.execute(sql`
        update waitlist_entries set status = 'WAITING' where id in ${entries} and status = 'HOLDING'`);
    }
  }

  /** The mentor's waiting entries, first come first. */
  async findWaitingEntries(advisorId: number): Promise<OpenEntry[]> {
    const result = await this.db.execute<Record<string, unknown>>(sql`
      select id, advisor_id, advisee_id, status, created_at from waitlist_entries
      where advisor_id = ${advisorId} and status = 'WAITING' order by id`);
    return result.rows.map(toEntry);
  }

  /** Whether the person attends a session holding its hour over [startsAt, endsAt) at `now`. */
  async isPersonBusy(adviseeId: number, startsAt: Date, endsAt: Date, now: Date): Promise<boolean> {
    const result = await this.db.execute<{ busy: boolean }>(sql`
      select exists (
        select 1 from session_participants p join sessions s on s.id = p.session_id
        where p.advisee_id = ${adviseeId} and p.holds_slot
          and tstzrange(p.starts_at, p.ends_at) && tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz)
          and (s.status = 'CONFIRMED'
               or (s.status = 'PENDING_PAYMENT' and s.hold_expires_at > ${now.toISOString()}::timestamptz))
      ) as busy`);
    return Boolean(result.rows[0]?.busy);
  }

  async insertHold(entry: OpenEntry, hour: { startsAt: Date; endsAt: Date }, expiresAt: Date, now: Date) {
    const result = await this.db.execute<Record<string, unknown>>(sql`
      insert into waitlist_holds (entry_id, advisor_id, advisee_id, starts_at, ends_at, expires_at, created_at)
      values (${entry.id}, ${entry.advisorId}, ${entry.adviseeId}, ${hour.startsAt.toISOString()}::timestamptz,
              ${hour.endsAt.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz,
              ${now.toISOString()}::timestamptz)
      returning id, entry_id, advisor_id, advisee_id, starts_at, ends_at, expires_at`);
    await this.db.execute(sql`update waitlist_entries set status = 'HOLDING' where id = ${entry.id}`);
    return toHold(result.rows[0]!);
  }

  /**
   * Claims the running holds nobody was told of yet (so no other run tells them), with their people's
   * addresses. A claimed hold is told once, at most.
   */
  async claimHoldsToTell(now: Date): Promise<HoldToTell[]> {
    const at = now.toISOString();
    const result = await this.db.execute<Record<string, unknown>>(sql`
      with claimed as (
        update waitlist_holds set notified_at = ${at}::timestamptz
        where id in (select id from waitlist_holds
                     where status = 'ACTIVE' and notified_at is null and expires_at > ${at}::timestamptz
                     for update skip locked)
        returning id, entry_id, advisor_id, advisee_id, starts_at, ends_at, expires_at
      )
      select c.*, u.name, u.email, case when u.phone_verified_at is not null then u.phone_number end as phone,
             m.name as mentor_name
      from claimed c join users u on u.id = c.advisee_id join users m on m.id = c.advisor_id
      order by c.id`);
    return result.rows.map((row) => ({
      ...toHold(row),
      name: String(row.name),
      email: String(row.email),
      phone: row.phone ? String(row.phone) : null,
      mentorName: String(row.mentor_name),
    }));
  }
}
