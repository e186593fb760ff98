import { formatDateChip, platformClockTime } from '@myprosper/contract/dates';
import { listBookableSlots, localDateTimeOf } from '@myprosper/contract/slots';
import {
  type MentorWaitlistStatus,
  maxWaitlistsPerPerson,
  waitlistHoldMinutes,
  waitlistMessages,
  waitlistWindowDays,
} from '@myprosper/contract/waitlists';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { pgErrorOf, uniqueViolation } from '../../db/database-errors.ts';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../providers/mail.ts';
import type { SmsSender } from '../../providers/sms.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { SessionsRepository } from '../sessions/sessions.door.ts';
import { type ActiveHold, type OpenEntry, WaitlistsRepository } from './waitlists.repository.ts';

export type WaitlistsEnv = Pick<
  Env,
  'TIME_ZONE' | 'PUBLIC_URL' | 'BOOKING_HORIZON_WEEKS' | 'BOOKING_MIN_NOTICE_MINUTES'
>;

export interface WaitlistChannels {
  mailer: Mailer;
  /** SMS when the app has a sender. */
  sms: () => SmsSender | null;
  log: FastifyBaseLogger;
}

interface Hour {
  startsAt: Date;
  endsAt: Date;
}

/**
 * Waitlists of mentors with no free hour in the next waitlistWindowDays days (issue 24). The order of holds
 * comes from the database: passing a mentor's holds and booking one of their hours take the mentor's turn
 * (an advisory lock), an exclusion constraint keeps one hour held for one person, and a unique index keeps
 * one person once on a list.
 */
export class WaitlistsService {
  constructor(
    private readonly db: Db,
    private readonly env: WaitlistsEnv,
    private readonly channels: WaitlistChannels,
  ) {}

  /** The mentor's hours free (not booked, not held for the list) in the window, soonest first. */
  private async freeHours(db: DbOrTx, advisorId: number, now: Date): Promise<Hour[]> {
    const repository = new WaitlistsRepository(db);
    const availability = await repository.findWeeklyHours(advisorId);
    if (availability.length === 0) return [];
    const from = now;
    const to = new Date(now.getTime() + (waitlistWindowDays + 1) * 86_400_000);
    const taken = [
      ...(await new SessionsRepository(db).findTakenRanges(advisorId, from, to, now)),
      ...(await repository.findActiveHolds(advisorId)),
    ];
    const windowEnd = now.getTime() + waitlistWindowDays * 86_400_000;
    return listBookableSlots({
      availability,
      blockedDates: await repository.findBlockedDates(advisorId),
      taken,
      now,
      // Whole weeks past the window's end, cut to the window below (booking stops at its own horizon).
      horizonWeeks: Math.min(this.env.BOOKING_HORIZON_WEEKS, Math.ceil(waitlistWindowDays / 7) + 1),
      minNoticeMinutes: this.env.BOOKING_MIN_NOTICE_MINUTES,
      timeZone: this.env.TIME_ZONE,
    })
      .map((slot) => ({ startsAt: new Date(slot.startsAt), endsAt: new Date(slot.endsAt) }))
      .filter((hour) => hour.startsAt.getTime() < windowEnd);
  }

  private async findMentor(advisorId: number) {
    const mentor = await new WaitlistsRepository(this.db).findPerson(advisorId);
    if (!mentor || mentor.role !== 'ADVISOR' || mentor.status !== 'ACTIVE') {
      throw notFound(waitlistMessages.advisorNotFound);
    }
    return mentor;
  }

  /** Whether the mentor is full, and where the caller stands on their list. */
  async status(caller: CurrentUser, advisorId: number, now = new Date()): Promise<MentorWaitlistStatus> {
    await this.findMentor(advisorId);
    const repository = new WaitlistsRepository(this.db);
    const isFull = (await this.freeHours(this.db, advisorId, now)).length === 0;
    const entry = await repository.findOpenEntry(advisorId, caller.id);
    if (!entry) return { advisorId, isFull, entry: null };
    const hold = entry.status === 'HOLDING' ? await repository.findActiveHoldOf(entry.id, now) : null;
    return {
      advisorId,
      isFull,
      entry: {
        state: hold ? 'HOLDING' : 'WAITING',
        position: await repository.positionOf(entry),
        joinedAt: entry.createdAt.toISOString(),
        hold: hold ? this.holdView(hold) : null,
      },
    };
  }

  private holdView(hold: ActiveHold) {
    const local = localDateTimeOf(hold.startsAt, this.env.TIME_ZONE);
    return {
      startsAt: hold.startsAt.toISOString(),
      endsAt: hold.endsAt.toISOString(),
      date: local.date,
      time: local.time,
      expiresAt: hold.expiresAt.toISOString(),
    };
  }

  /**
   * Puts a mentee on a full mentor's list, once, and on at most maxWaitlistsPerPerson lists at once. Checked
   * under the person's turn, so two joins at once cannot pass the cap together; the unique index refuses a
   * second entry on one list.
   */
  async join(caller: CurrentUser, advisorId: number, now = new Date()): Promise<MentorWaitlistStatus> {
    if (advisorId === caller.id) throw invalid(waitlistMessages.notYourself);
    if (caller.role !== 'ADVISEE') throw forbidden(waitlistMessages.onlyAdvisees);
    await this.findMentor(advisorId);
    try {
      await this.db.transaction(async (tx) => {
        const repository = new WaitlistsRepository(tx);
        await repository.lockPerson(caller.id);
        if (await repository.findOpenEntry(advisorId, caller.id))
          throw conflict(waitlistMessages.alreadyOnList);
        if ((await repository.countOpenEntriesOf(caller.id)) >= maxWaitlistsPerPerson) {
          throw conflict(waitlistMessages.tooManyLists(maxWaitlistsPerPerson));
        }
        if ((await this.freeHours(tx, advisorId, now)).length > 0)
          throw conflict(waitlistMessages.hasFreeHours);
        await repository.insertEntry(advisorId, caller.id, now);
      });
    } catch (error) {
      const info = pgErrorOf(error);
      if (info?.code === uniqueViolation) throw conflict(waitlistMessages.alreadyOnList);
      throw error;
    }
    return this.status(caller, advisorId, now);
  }

  /** Takes the caller off the mentor's list; an hour they held passes on (the job is asked to run). */
  async leave(caller: CurrentUser, advisorId: number, now = new Date()): Promise<MentorWaitlistStatus> {
    await this.db.transaction(async (tx) => {
      const repository = new WaitlistsRepository(tx);
      await repository.lockMentor(advisorId);
      const entry = await repository.findOpenEntry(advisorId, caller.id);
      if (!entry) throw notFound(waitlistMessages.notOnList);
      await repository.endEntry(entry.id, 'LEFT', 'RELEASED', now);
    });
    return this.status(caller, advisorId, now);
  }

  /**
   * Passes the holds of every mentor with a list (or of one): lapsed holds end (their people leave the list),
   * people who booked the mentor leave it, and each free hour in the window goes to the first waiting person
   * free at that hour, for waitlistHoldMinutes. One transaction per mentor under the mentor's turn. Then the
   * people given an hour are told. Answers the holds granted.
   */
  async passHolds(now = new Date(), advisorId?: number): Promise<ActiveHold[]> {
    const mentors =
      advisorId !== undefined
        ? [advisorId]
        : await new WaitlistsRepository(this.db).findMentorsWithOpenEntries();
    const granted: ActiveHold[] = [];
    for (const mentor of mentors) {
      granted.push(...(await this.db.transaction((tx) => this.passMentorHolds(tx, mentor, now))));
    }
    await this.tellHolds(now);
    return granted;
  }

  private async passMentorHolds(tx: DbOrTx, advisorId: number, now: Date): Promise<ActiveHold[]> {
    const repository = new WaitlistsRepository(tx);
    await repository.lockMentor(advisorId);
    await repository.lapseHolds(advisorId, now);
    await repository.closeBookedEntries(advisorId, now);
    await repository.releaseHoldsOnTakenHours(advisorId, now);
    const waiting = await repository.findWaitingEntries(advisorId);
    if (waiting.length === 0) return [];
    const hours = await this.freeHours(tx, advisorId, now);
    const expiresAt = new Date(now.getTime() + waitlistHoldMinutes * 60_000);
    const granted: ActiveHold[] = [];
    for (const hour of hours) {
      const next = await this.firstFreeAt(repository, waiting, hour, now);
      if (!next) continue;
      waiting.splice(waiting.indexOf(next), 1);
      granted.push(await repository.insertHold(next, hour, expiresAt, now));
      if (waiting.length === 0) break;
    }
    return granted;
  }

  /** The first waiting entry whose person attends nothing at that hour. */
  private async firstFreeAt(
    repository: WaitlistsRepository,
    waiting: readonly OpenEntry[],
    hour: Hour,
    now: Date,
  ): Promise<OpenEntry | null> {
    for (const entry of waiting) {
      if (!(await repository.isPersonBusy(entry.adviseeId, hour.startsAt, hour.endsAt, now))) return entry;
    }
    return null;
  }

  /** Tells each person given an hour (e-mail, and SMS to a proven phone), once. */
  private async tellHolds(now: Date): Promise<void> {
    const holds = await new WaitlistsRepository(this.db).claimHoldsToTell(now);
    const sms = this.channels.sms();
    for (const hold of holds) {
      const local = localDateTimeOf(hold.startsAt, this.env.TIME_ZONE);
      const when = `${formatDateChip(local.date)} at ${local.time}`;
      const until = platformClockTime(hold.expiresAt);
      const link = `${this.env.PUBLIC_URL.replace(/\/$/, '')}/advisors/book/${hold.advisorId}`;
      try {
        await this.channels.mailer.send({
          to: hold.email,
          subject: `An hour with ${hold.mentorName} is free: held for you until ${until}`,
          text: [
            `Hello ${hold.name},`,
            '',
            `You are on ${hold.mentorName}'s waitlist, and an hour is free: ${when} (East Africa Time).`,
            `We keep it for you until ${until}. After that it goes to the next person on the list.`,
            '',
            `Book it: ${link}`,
          ].join('\n'),
        });
        if (sms && hold.phone) {
          await sms.send({
            to: hold.phone,
            text: `MyProsper: an hour with ${hold.mentorName} is free, ${when}. Held for you until ${until}: ${link}`,
          });
        }
      } catch (error) {
        this.channels.log.error({ err: error, holdId: hold.id }, 'waitlist hold message failed');
      }
    }
  }
}

/**
 * What booking asks before it writes one of a mentor's hours, in its transaction (booking.service.ts through
 * the door): takes the mentor's waitlist turn, refuses an hour held for someone else, and takes the booker off
 * the mentor's list (their hold used, or released when they booked another hour).
 */
export async function claimHourForBooking(
  tx: DbOrTx,
  booking: { advisorId: number; bookerId: number; startsAt: Date; endsAt: Date; now: Date },
): Promise<void> {
  const repository = new WaitlistsRepository(tx);
  await repository.lockMentor(booking.advisorId);
  const holds = await repository.findRunningHoldsOver(
    booking.advisorId,
    booking.startsAt,
    booking.endsAt,
    booking.now,
  );
  const others = holds.find((hold) => hold.adviseeId !== booking.bookerId);
  if (others) throw conflict(waitlistMessages.heldForWaitlist(others.expiresAt));
  const entry = await repository.findOpenEntry(booking.advisorId, booking.bookerId);
  if (!entry) return;
  const own = holds.find((hold) => hold.entryId === entry.id);
  await repository.endEntry(entry.id, 'BOOKED', own ? 'USED' : 'RELEASED', booking.now);
}

/**
 * The hours of a mentor between `from` and `to` held now for someone on the waitlist other than `viewerId`:
 * not offered to anyone else while the hold runs (its holder still sees and books them).
 */
export async function hoursHeldForOthers(
  db: DbOrTx,
  query: { advisorId: number; from: Date; to: Date; now: Date; viewerId: number | null },
): Promise<Array<{ startsAt: Date; endsAt: Date }>> {
  const holds = await new WaitlistsRepository(db).findRunningHoldsOver(
    query.advisorId,
    query.from,
    query.to,
    query.now,
  );
  return holds
    .filter((hold) => hold.adviseeId !== query.viewerId)
    .map((hold) => ({ startsAt: hold.startsAt, endsAt: hold.endsAt }));
}
