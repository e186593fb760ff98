import type { PaymentMode } from '@myprosper/contract/booking';
import type { InvitationStatus, SessionType } from '@myprosper/contract/sessions';
import type { WeeklyHour } from '@myprosper/contract/slots';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { executeNamed } from '../../db/prepared.ts';
import { advisorAvailability, advisorTopics, pricingSettings, topics } from '../../db/schema/catalogue.ts';
import { advisorBlockedDates } from '../../db/schema/profiles.ts';
import { sessionParticipants, sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { holdLapsedAt, holdsSlotAt } from '../sessions/sessions.door.ts';
import type { HoldsOfPerson } from './hold-limits.ts';

export interface NewSession {
  reference: string;
  advisorId: number;
  adviseeId: number;
  topicId: number;
  sessionType: SessionType;
  startsAt: Date;
  endsAt: Date;
  status: 'PENDING_PAYMENT' | 'CONFIRMED';
  paymentStatus: 'UNPAID' | 'PAID';
  paymentMode: PaymentMode;
  amount: number;
  holdExpiresAt: Date | null;
  /** The booker's note to the mentor, or null. */
  note: string | null;
}

export interface NewParticipant {
  adviseeId: number | null;
  phoneNumber: string | null;
  email: string | null;
  amount: number;
  invitationStatus: InvitationStatus;
  paymentStatus: 'UNPAID' | 'PAID';
  isHost: boolean;
}

/** Someone a booking names: the mentor or the booker. */
export interface BookingPerson {
  id: number;
  name: string;
  email: string;
  role: string;
  status: string;
  phoneNumber: string | null;
  profilePicUrl: string | null;
}

/** Everything a booking checks before it writes, read in one statement (BookingRepository.readBookingContext). */
export interface BookingContext {
  advisor: BookingPerson | null;
  booker: BookingPerson | null;
  /** The program, if published. */
  topic: { id: number; name: string; tagLine: string; imgUrl: string } | null;
  advisorGivesTopic: boolean;
  weeklyHours: WeeklyHour[];
  /** yyyy-MM-dd */
  blockedDates: string[];
  pricing: { base_session_price: number; vat_tax: number } | null;
  /** The mentor has a session holding the hour (paid, or unpaid with its hold running). */
  mentorBusy: boolean;
  /** The booker, if they attend another session holding the hour ([] or [bookerId]). */
  busyPeople: number[];
  /** An unpaid hold past its time still blocks the hour (for the mentor or the booker). */
  lapsedHold: boolean;
}

/** A new session as stored, with what the database filled in. */
export interface InsertedBooking {
  id: number;
  callStatus: 'NOT_STARTED' | 'STARTED' | 'ENDED';
  icsSequence: number;
  /** Attendee rows in the order they were given. */
  participantIds: number[];
}

/** A value given when a statement runs (it is built once, with these in its place). */
const value = (name: string) => sql.placeholder(name);

/**
 * The text of readBookingContext's statement, one of two: with and without an hour. Other attendees' numbers
 * are never looked up (issue 19): an invited number is attached to nobody until its owner accepts, so a
 * booking cannot tell whose it is or whether they are busy. Built once per database (executeNamed); the
 * values come as placeholders.
 */
function bookingContextStatement(variant: { withHour: boolean }): SQL {
  const person = (alias: string) =>
    sql.raw(`json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'email', ${alias}.email,
        'role', ${alias}.role, 'status', ${alias}.status, 'phoneNumber', ${alias}.phone_number,
        'profilePicUrl', ${alias}.profile_pic_url)`);
  const range = variant.withHour
    ? sql`tstzrange(${value('startsAt')}::timestamptz, ${value('endsAt')}::timestamptz)`
    : null;
  const at = sql`${value('at')}::timestamptz`;
  // Sessions and attendances overlapping the hour that hold it (as the exclusion constraints count), for the
  // mentor and the booker.
  const busyChecks: SQL = range
    ? sql`
        exists (select 1 from ${sessions}
                where ${sessions.advisorId} = ${value('advisorId')}
                  and ${sessions.status} in ('PENDING_PAYMENT', 'CONFIRMED')
                  and tstzrange(${sessions.startsAt}, ${sessions.endsAt}) && ${range}
                  and ${holdsSlotAt(at)}) as "mentorBusy",
        coalesce((select json_agg(distinct p.advisee_id)
                  from session_participants p join ${sessions} on ${sessions.id} = p.session_id
                  where p.advisee_id = ${value('bookerId')}::int and p.holds_slot
                    and tstzrange(p.starts_at, p.ends_at) && ${range} and ${holdsSlotAt(at)}),
                 '[]'::json) as "busyPeople",
        (exists (select 1 from ${sessions}
                 where ${sessions.advisorId} = ${value('advisorId')}
                   and tstzrange(${sessions.startsAt}, ${sessions.endsAt}) && ${range} and ${holdLapsedAt(at)})
         or exists (select 1 from session_participants p join ${sessions} on ${sessions.id} = p.session_id
                    where p.advisee_id = ${value('bookerId')}::int and p.holds_slot
                      and tstzrange(p.starts_at, p.ends_at) && ${range} and ${holdLapsedAt(at)})) as "lapsedHold"`
    : sql`false as "mentorBusy", '[]'::json as "busyPeople", false as "lapsedHold"`;
  return sql`
      select
        (select ${person('u')} from users u where u.id = ${value('advisorId')}) as advisor,
        (select ${person('u')} from users u where u.id = ${value('bookerId')}) as booker,
        (select json_build_object('id', t.id, 'name', t.name, 'tagLine', t.tag_line, 'imgUrl', t.img_url)
         from topics t where t.id = ${value('topicId')} and t.is_live) as topic,
        exists (select 1 from advisor_topics a where a.advisor_id = ${value('advisorId')} and a.topic_id = ${value('topicId')})
          as "givesTopic",
        coalesce((select json_agg(json_build_object('dayOfWeek', h.day_of_week, 'startHour', h.start_hour))
                  from advisor_availability h where h.advisor_id = ${value('advisorId')}), '[]'::json) as "weeklyHours",
        coalesce((select json_agg(to_char(b.blocked_date, 'YYYY-MM-DD'))
                  from advisor_blocked_dates b where b.advisor_id = ${value('advisorId')}), '[]'::json) as "blockedDates",
        (select json_build_object('base_session_price', p.base_session_price, 'vat_tax', p.vat_tax)
         from pricing_settings p where p.price_type = ${value('sessionType')}) as pricing,
        ${busyChecks}`;
}

/**
 * The text of insertBooking's statement: the session and its attendees (arrays, one element each) in one
 * statement. Built once per database (executeNamed); the values come as placeholders.
 */
function bookingInsertStatement(): SQL {
  return sql`
      with new_session as (
        insert into ${sessions} (reference, advisor_id, advisee_id, topic_id, session_type, starts_at, ends_at,
                                 status, payment_status, payment_mode, amount, hold_expires_at, note)
        values (${value('reference')}, ${value('advisorId')}, ${value('adviseeId')}, ${value('topicId')},
                ${value('sessionType')}, ${value('startsAt')}::timestamptz, ${value('endsAt')}::timestamptz,
                ${value('status')}, ${value('paymentStatus')}, ${value('paymentMode')}, ${value('amount')},
                ${value('holdExpiresAt')}::timestamptz, ${value('note')}::text)
        returning id, call_status, ics_sequence, starts_at, ends_at
      ), new_participants as (
        insert into ${sessionParticipants} (session_id, advisee_id, phone_number, email, amount, invitation_status,
                                            payment_status, is_host, starts_at, ends_at, holds_slot)
        select s.id, p.advisee_id, p.phone_number, p.email, p.amount, p.invitation_status::invitation_status,
               p.payment_status::session_payment_status, p.is_host, s.starts_at, s.ends_at, true
        from new_session s,
             unnest(${value('attendeeIds')}::int[], ${value('phones')}::text[], ${value('emails')}::text[],
                    ${value('amounts')}::int[], ${value('invitationStatuses')}::text[],
                    ${value('paymentStatuses')}::text[], ${value('hosts')}::boolean[])
               with ordinality as p(advisee_id, phone_number, email, amount, invitation_status, payment_status,
                                    is_host, n)
        order by p.n
        returning id, advisee_id, phone_number
      )
      select s.id, s.call_status as "callStatus", s.ics_sequence as "icsSequence",
             (select json_agg(np.id order by np.id) from new_participants np) as "participantIds"
      from new_session s`;
}

/** What booking reads (people, topics, weekly hours, prices) and writes (a session and its attendees). */
export class BookingRepository {
  constructor(private readonly db: DbOrTx) {}

  async findUser(id: number) {
    const [row] = await this.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        status: users.status,
        phoneNumber: users.phoneNumber,
      })
      .from(users)
      .where(eq(users.id, id));
    return row ?? null;
  }

  /** A published program: an unpublished one can no longer be booked or bought as a voucher. */
  async findTopic(id: number) {
    const [row] = await this.db
      .select({ id: topics.id, name: topics.name })
      .from(topics)
      .where(and(eq(topics.id, id), eq(topics.isLive, true)));
    return row ?? null;
  }

  async advisorGivesTopic(advisorId: number, topicId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ topicId: advisorTopics.topicId })
      .from(advisorTopics)
      .where(and(eq(advisorTopics.advisorId, advisorId), eq(advisorTopics.topicId, topicId)));
    return row !== undefined;
  }

  async findWeeklyHours(advisorId: number): Promise<WeeklyHour[]> {
    return this.db
      .select({ dayOfWeek: advisorAvailability.dayOfWeek, startHour: advisorAvailability.startHour })
      .from(advisorAvailability)
      .where(eq(advisorAvailability.advisorId, advisorId));
  }

  /** Whole dates (yyyy-MM-dd) the mentor has blocked: none of their hours is bookable on them. */
  async findBlockedDates(advisorId: number): Promise<string[]> {
    const rows = await this.db
      .select({ date: advisorBlockedDates.blockedDate })
      .from(advisorBlockedDates)
      .where(eq(advisorBlockedDates.advisorId, advisorId));
    return rows.map((row) => String(row.date));
  }

  async findPricing(type: SessionType) {
    const [row] = await this.db
      .select({ base_session_price: pricingSettings.baseSessionPrice, vat_tax: pricingSettings.vatTax })
      .from(pricingSettings)
      .where(eq(pricingSettings.priceType, type));
    return row ?? null;
  }

  /**
   * What a booking needs to know, in one statement: the mentor, the booker, the program and whether the
   * mentor gives it, the mentor's weekly hours and blocked dates, the price, and, for the hour
   * [startsAt, endsAt) when given, whether the mentor or the booker is already busy then and whether a lapsed
   * hold still blocks it. The database still decides on the write (exclusion constraints); this lets a
   * refusal be answered without writing.
   */
  async readBookingContext(query: {
    advisorId: number;
    bookerId: number;
    topicId: number;
    sessionType: SessionType;
    hour: { startsAt: Date; endsAt: Date } | null;
    now: Date;
  }): Promise<BookingContext> {
    const { hour } = query;
    const variant = { withHour: hour !== null };
    const result = await executeNamed<{
      advisor: BookingPerson | null;
      booker: BookingPerson | null;
      topic: BookingContext['topic'];
      givesTopic: boolean;
      weeklyHours: WeeklyHour[];
      blockedDates: string[];
      pricing: BookingContext['pricing'];
      mentorBusy: boolean;
      busyPeople: number[];
      lapsedHold: boolean;
    }>(
      this.db,
      `booking_context${variant.withHour ? '' : '_without_hour'}`,
      () => bookingContextStatement(variant),
      {
        advisorId: query.advisorId,
        bookerId: query.bookerId,
        topicId: query.topicId,
        sessionType: query.sessionType,
        ...(hour ? { startsAt: hour.startsAt.toISOString(), endsAt: hour.endsAt.toISOString() } : {}),
        at: query.now.toISOString(),
      },
    );
    const row = result.rows[0]!;
    return {
      advisor: row.advisor,
      booker: row.booker,
      topic: row.topic,
      advisorGivesTopic: row.givesTopic,
      weeklyHours: row.weeklyHours,
      blockedDates: row.blockedDates,
      pricing: row.pricing,
      mentorBusy: row.mentorBusy,
      busyPeople: row.busyPeople,
      lapsedHold: row.lapsedHold,
    };
  }

  /**
   * Takes the booker's turn until the transaction ends: two bookings by one person at once count each
   * other's holds (transaction-level advisory lock, keyed by the person).
   */
  async lockHolder(bookerId: number): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext('unpaid-holds'), ${bookerId}::int)`);
  }

  /**
   * What `bookerId` holds unpaid at `now` (over all mentors and with `advisorId`), and when each hold they
   * booked and let lapse ran out within the last `lookbackHours`. A hold lapsed if it ran out unpaid (EXPIRED,
   * or PENDING_PAYMENT past its time and not yet marked).
   */
  async readHoldsOf(query: {
    bookerId: number;
    advisorId: number;
    now: Date;
    lookbackHours: number;
  }): Promise<HoldsOfPerson> {
    const at = query.now.toISOString();
    const since = new Date(query.now.getTime() - query.lookbackHours * 3_600_000).toISOString();
    const result = await this.db.execute<{
      running: number;
      with_mentor: number;
      lapsed: string[] | null;
    }>(sql`
      select
        count(*) filter (where ${holdsSlotAt(sql`${at}::timestamptz`)} and ${sessions.status} = 'PENDING_PAYMENT')::int
          as running,
        count(*) filter (where ${holdsSlotAt(sql`${at}::timestamptz`)} and ${sessions.status} = 'PENDING_PAYMENT'
                           and ${sessions.advisorId} = ${query.advisorId})::int as with_mentor,
        json_agg(${sessions.holdExpiresAt}) filter (
          where (${sessions.status} = 'EXPIRED' or ${holdLapsedAt(sql`${at}::timestamptz`)})
            and ${sessions.holdExpiresAt} > ${since}::timestamptz and ${sessions.holdExpiresAt} <= ${at}::timestamptz)
          as lapsed
      from ${sessions}
      where ${sessions.adviseeId} = ${query.bookerId} and ${sessions.paymentStatus} = 'UNPAID'
        and ${sessions.status} in ('PENDING_PAYMENT', 'EXPIRED')
        and ${sessions.holdExpiresAt} > ${since}::timestamptz`);
    const row = result.rows[0];
    return {
      running: row?.running ?? 0,
      runningWithMentor: row?.with_mentor ?? 0,
      lapsedAt: (row?.lapsed ?? []).map((value) => new Date(value)),
    };
  }

  /**
   * The session and its attendees in one statement, so in one transaction: the exclusion constraints refuse
   * it whole if the mentor's hour or an attendee's time is taken. Attendees hold the session's hour with it.
   */
  async insertBooking(
    session: NewSession,
    participants: readonly NewParticipant[],
  ): Promise<InsertedBooking> {
    const column = <T>(pick: (p: NewParticipant) => T) => participants.map(pick);
    const result = await executeNamed<{
      id: number;
      callStatus: InsertedBooking['callStatus'];
      icsSequence: number;
      participantIds: number[] | null;
    }>(this.db, 'booking_insert', bookingInsertStatement, {
      reference: session.reference,
      advisorId: session.advisorId,
      adviseeId: session.adviseeId,
      topicId: session.topicId,
      sessionType: session.sessionType,
      startsAt: session.startsAt.toISOString(),
      endsAt: session.endsAt.toISOString(),
      status: session.status,
      paymentStatus: session.paymentStatus,
      paymentMode: session.paymentMode,
      amount: session.amount,
      holdExpiresAt: session.holdExpiresAt?.toISOString() ?? null,
      note: session.note,
      // Arrays go as one parameter each.
      attendeeIds: column((p) => p.adviseeId),
      phones: column((p) => p.phoneNumber),
      emails: column((p) => p.email),
      amounts: column((p) => p.amount),
      invitationStatuses: column((p) => p.invitationStatus),
      paymentStatuses: column((p) => p.paymentStatus),
      hosts: column((p) => p.isHost),
    });
    const row = result.rows[0]!;
    return {
      id: row.id,
      callStatus: row.callStatus,
      icsSequence: row.icsSequence,
      participantIds: row.participantIds ?? [],
    };
  }
}
