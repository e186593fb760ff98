import {
  type BookSessionPayload,
  bookingMessages,
  checkOtherAttendees,
  normaliseKenyanMobile,
  priceBooking,
  slotProblemMessage,
} from '@myprosper/contract/booking';
import { formatDateChip, isCalendarDate } from '@myprosper/contract/dates';
import { messages } from '@myprosper/contract/messages';
import type { Session } from '@myprosper/contract/sessions';
import {
  type AdvisorAvailability,
  checkSlot,
  horizonDates,
  hourOfTime,
  listBookableSlots,
  localDateTimeOf,
  type SlotRules,
  slotEnd,
  slotStart,
  toSessionAvailabilities,
} from '@myprosper/contract/slots';
import type { Db } from '../../db/connection.ts';
import {
  exclusionViolation,
  isRetryable,
  maxDeadlockAttempts,
  pauseBeforeRetry,
  pgErrorOf,
  uniqueViolation,
} from '../../db/database-errors.ts';
import { AppError, conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { type SessionRulesEnv, sessionRulesOf } from '../../lib/session-rules.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import {
  bookingConflictOf,
  type ParticipantRecord,
  type SessionRecord,
  SessionsRepository,
  type SessionsService,
  toSession,
} from '../sessions/sessions.door.ts';
import { claimHourForBooking, hoursHeldForOthers } from '../waitlists/waitlists.door.ts';
import {
  BookingRepository,
  type InsertedBooking,
  type NewParticipant,
  type NewSession,
} from './booking.repository.ts';
import { holdRefusal, lapseLookbackHours } from './hold-limits.ts';
import { newSessionReference } from './session-reference.ts';
import { type BookingEnv, loadSlotRules, slotLimits } from './slot-rules.ts';

/** Attempts of one booking transaction: a reference collision or a deadlock runs it again. */
const maxAttempts = 3;
/** Free hours and new bookings. The database, not this code, guarantees a slot is sold once. */
export class BookingService {
  /**
   * `_sessions` is not used any more: a booking's answer is made from what it read and wrote, without
   * reading the session again. booking.routes.ts still passes it; it can go when the routes stop.
   */
  constructor(
    private readonly db: Db,
    private readonly env: BookingEnv & SessionRulesEnv,
    _sessions?: SessionsService,
  ) {}

  private async findActiveAdvisor(advisorId: number) {
    const advisor = await new BookingRepository(this.db).findUser(advisorId);
    if (!advisor || advisor.role !== 'ADVISOR' || advisor.status !== 'ACTIVE') {
      throw notFound(bookingMessages.advisorNotFound);
    }
    return advisor;
  }

  /** The mentor's bookable hours: the spec's sessionAvailabilities and the exact list. */
  async getAvailability(
    advisorId: number,
    viewerId: number | null = null,
    now = new Date(),
  ): Promise<AdvisorAvailability> {
    await this.findActiveAdvisor(advisorId);
    const rules = await loadSlotRules(this.db, this.env, advisorId, now);
    const { first, last } = horizonDates(now, this.env.BOOKING_HORIZON_WEEKS, this.env.TIME_ZONE);
    const from = slotStart(first, 0, this.env.TIME_ZONE);
    const to = new Date(slotStart(last, 0, this.env.TIME_ZONE).getTime() + 86_400_000);
    // Booked hours, and hours held for someone else on the mentor's waitlist while their hold runs.
    const taken = [
      ...(await new SessionsRepository(this.db).findTakenRanges(advisorId, from, to, now)),
      ...(await hoursHeldForOthers(this.db, { advisorId, from, to, now, viewerId })),
    ];
    const bookableSlots = listBookableSlots({ ...rules, taken });
    return {
      advisorId,
      timeZone: this.env.TIME_ZONE,
      sessionAvailabilities: toSessionAvailabilities(bookableSlots),
      bookableSlots,
    };
  }

  /**
   * Books an hour for the caller, unpaid and held for BOOKING_HOLD_MINUTES (or confirmed when free). Two
   * statements: one reads everything the checks need, one writes the session and its attendees (the
   * database's exclusion constraints decide any race). The answer is made from what was read and written.
   */
  async book(caller: CurrentUser, input: BookSessionPayload): Promise<Session> {
    if (caller.role !== 'ADVISEE') {
      if (input.advisorId === caller.id) throw invalid(bookingMessages.cannotBookSelf);
      throw forbidden(bookingMessages.onlyAdvisees);
    }
    if (input.adviseeId !== undefined && input.adviseeId !== caller.id)
      throw forbidden(bookingMessages.notYou);
    const selectedDate = input.selectedDate?.trim() ?? '';
    if (selectedDate === '') throw invalid(bookingMessages.selectDate);
    if (input.advisorId === caller.id) throw invalid(bookingMessages.cannotBookSelf);
    const selectedTime = input.selectedTime.trim();

    const now = new Date();
    const repository = new BookingRepository(this.db);
    const context = await repository.readBookingContext({
      advisorId: input.advisorId,
      bookerId: caller.id,
      topicId: input.topicId,
      sessionType: input.sessionType,
      hour: this.hourOf(selectedDate, selectedTime),
      now,
    });

    const { advisor, topic, booker } = context;
    if (!advisor || advisor.role !== 'ADVISOR' || advisor.status !== 'ACTIVE') {
      throw notFound(bookingMessages.advisorNotFound);
    }
    if (!topic) throw notFound(bookingMessages.topicNotFound);
    if (!context.advisorGivesTopic) throw invalid(bookingMessages.topicNotOffered);

    const rules: SlotRules = {
      availability: context.weeklyHours,
      blockedDates: context.blockedDates,
      now,
      horizonWeeks: this.env.BOOKING_HORIZON_WEEKS,
      minNoticeMinutes: this.env.BOOKING_MIN_NOTICE_MINUTES,
      timeZone: this.env.TIME_ZONE,
    };
    const slot = checkSlot(rules, selectedDate, selectedTime);
    if (!slot.ok) throw invalid(slotProblemMessage(slot.problem, slotLimits(this.env)));

    if (!booker) throw notFound(messages.notFound);
    // The other attendees are numbers as typed, never looked up: whether a number is someone's, a mentor's
    // or a busy person's is nobody's business until its owner accepts (issue 19). Only the booker's own
    // number is refused, compared with the booker's.
    const attendees = checkOtherAttendees(input.sessionType, input.otherAttendees, booker.phoneNumber);
    if (!attendees.ok) throw invalid(attendees.message);

    if (!context.pricing) throw new AppError('UNAVAILABLE', bookingMessages.pricingMissing);
    const { amount, share } = priceBooking(context.pricing, attendees.phones.length);
    const isFree = amount === 0;
    const paymentStatus = isFree ? 'PAID' : 'UNPAID';

    // Refusals the read already shows, worded as the constraints' would be (the mentor's hour first).
    if (context.mentorBusy) throw conflict(bookingMessages.slotTaken);
    if (context.busyPeople.includes(caller.id)) throw conflict(bookingMessages.youAreBusy);

    const participants: NewParticipant[] = [
      {
        adviseeId: caller.id,
        phoneNumber: booker.phoneNumber
          ? (normaliseKenyanMobile(booker.phoneNumber) ?? booker.phoneNumber)
          : null,
        email: booker.email,
        amount: share,
        invitationStatus: 'ACCEPTED',
        paymentStatus,
        isHost: true,
      },
      // Invited: the number as typed (2547…), nobody's account, no e-mail, PENDING. It blocks no calendar
      // (the participant exclusion constraint counts only rows with an account) and opens nothing.
      ...attendees.phones.map(
        (phone): NewParticipant => ({
          adviseeId: null,
          phoneNumber: phone,
          email: null,
          amount: share,
          invitationStatus: 'PENDING',
          paymentStatus,
          isHost: false,
        }),
      ),
    ];

    const values: Omit<NewSession, 'reference'> = {
      advisorId: input.advisorId,
      adviseeId: caller.id,
      topicId: topic.id,
      sessionType: input.sessionType,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      status: isFree ? 'CONFIRMED' : 'PENDING_PAYMENT',
      paymentStatus,
      paymentMode: input.paymentMode,
      amount,
      holdExpiresAt: isFree ? null : new Date(now.getTime() + this.env.BOOKING_HOLD_MINUTES * 60_000),
      note: input.note ? input.note : null,
    };
    // A lapsed hold still blocks the hour until it is marked expired: mark such holds first.
    if (context.lapsedHold) await new SessionsRepository(this.db).expireStaleHolds(now);
    // An unpaid booking is a hold: counted against the booker's limits under their lock, in the transaction
    // that writes it, so two bookings at once cannot both pass.
    // An hour kept for someone on the mentor's waitlist is theirs until it lapses (issue 24): asked under the
    // mentor's waitlist turn in the same transaction, which also takes the booker off that list.
    const hour = {
      advisorId: input.advisorId,
      bookerId: caller.id,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      now,
    };
    const inserted = await this.insertWithRetry(caller.id, (reference) =>
      this.db.transaction(async (tx) => {
        const holds = new BookingRepository(tx);
        if (!isFree) {
          await holds.lockHolder(caller.id);
          await this.checkHoldLimits(holds, caller.id, input.advisorId, now);
        }
        await claimHourForBooking(tx, hour);
        return holds.insertBooking({ ...values, reference }, participants);
      }),
    );

    const record: SessionRecord = {
      ...values,
      id: inserted.id,
      reference: inserted.reference,
      callStatus: inserted.callStatus,
      icsSequence: inserted.icsSequence,
      mentorNoShow: false,
      rescheduleCount: 0,
      fullRefundUntil: null,
      proposal: null,
      topic,
      advisor: {
        id: advisor.id,
        name: advisor.name,
        email: advisor.email,
        profilePicUrl: advisor.profilePicUrl,
      },
      host: { id: booker.id, name: booker.name, email: booker.email, profilePicUrl: booker.profilePicUrl },
    };
    const stored: ParticipantRecord[] = participants
      .map((participant, n) => ({
        ...participant,
        id: inserted.participantIds[n]!,
        sessionId: inserted.id,
        name: participant.isHost ? booker.name : null,
      }))
      // As the sessions feature lists them: the host first, then in the order they were stored.
      .sort((a, b) => Number(b.isHost) - Number(a.isHost) || a.id - b.id);
    return toSession(record, stored, {
      viewer: 'ADVISEE',
      now: new Date(),
      timeZone: this.env.TIME_ZONE,
      maxReschedules: sessionRulesOf(this.env).maxReschedules,
      viewerId: caller.id,
    });
  }

  /** Refuses another unpaid hold past the rules (too many running, or paused after lapses), saying until when. */
  private async checkHoldLimits(
    repository: BookingRepository,
    bookerId: number,
    advisorId: number,
    now: Date,
  ): Promise<void> {
    const rules = sessionRulesOf(this.env);
    const holds = await repository.readHoldsOf({
      bookerId,
      advisorId,
      now,
      lookbackHours: lapseLookbackHours(rules),
    });
    const refusal = holdRefusal(rules, holds, now);
    if (!refusal) return;
    switch (refusal.kind) {
      case 'paused': {
        const local = localDateTimeOf(refusal.until, this.env.TIME_ZONE);
        throw conflict(bookingMessages.holdsPaused(`${formatDateChip(local.date)} at ${local.time}`));
      }
      case 'tooMany':
        throw conflict(bookingMessages.tooManyHolds(refusal.limit));
      case 'tooManyWithMentor':
        throw conflict(bookingMessages.tooManyHoldsWithMentor(refusal.limit));
    }
  }

  /** The hour a well-formed date and time name (checked against the mentor's rules later), or null. */
  private hourOf(date: string, time: string): { startsAt: Date; endsAt: Date } | null {
    const hour = hourOfTime(time);
    if (!isCalendarDate(date) || hour === null) return null;
    const startsAt = slotStart(date, hour, this.env.TIME_ZONE);
    return { startsAt, endsAt: slotEnd(startsAt) };
  }

  /**
   * Writes a booking under a fresh reference, again after a reference collision or a deadlock, and once
   * more after marking lapsed holds expired if one was in the way; slot conflicts become 409.
   */
  private async insertWithRetry(
    callerId: number,
    insert: (reference: string) => Promise<InsertedBooking>,
  ): Promise<InsertedBooking & { reference: string }> {
    let releasedHolds = false;
    for (let attempt = 1; ; attempt++) {
      const reference = newSessionReference();
      try {
        return { ...(await insert(reference)), reference };
      } catch (error) {
        const info = pgErrorOf(error);
        const isReferenceClash =
          info?.code === uniqueViolation && info.constraint === 'sessions_reference_unique';
        if (attempt < maxAttempts && isReferenceClash) continue;
        if (attempt < maxDeadlockAttempts && isRetryable(error)) {
          await pauseBeforeRetry(attempt);
          continue;
        }
        // A hold may have lapsed since the read: mark lapsed holds expired, and try once more if any was.
        if (info?.code === exclusionViolation && !releasedHolds) {
          releasedHolds = true;
          if ((await new SessionsRepository(this.db).expireStaleHolds(new Date())) > 0) continue;
        }
        throw bookingConflictOf(error, callerId) ?? error;
      }
    }
  }
}
