import {
  type AddAdvisorTimeSlotRequest,
  type AvailabilityChange,
  advisorSettingsMessages,
  type BookedSessionsChoice,
  slotStartHourOf,
  toWeekDaySlots,
  type UpdateAdvisorTopicsRequest,
  validateBlockedDate,
  type WeekDaySlots,
} from '@myprosper/contract/advisor-settings';
import { isoWeekdayOfName, todayIn } from '@myprosper/contract/dates';
import { messages } from '@myprosper/contract/messages';
import { localDateTimeOf } from '@myprosper/contract/slots';
import type { Db } from '../../db/connection.ts';
import { forbidden, invalid } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { AdvisorSettingsRepository, type HeldSession } from './advisor-settings.repository.ts';

/** Cancels a session as its mentor (payments' CancellationService: every mentee refunded in full and told). */
export type CancelAsMentor = (
  caller: CurrentUser,
  input: { sessionId: number; reason: string },
) => Promise<unknown>;

const cancelReason = 'The mentor is no longer available at this time';

/**
 * The mentor's editor: weekly time slots, topics and blocked dates, each only their own. Taking away hours
 * or dates that hold booked sessions never happens silently (issue 20): without a choice nothing changes and
 * the sessions are answered; with CANCEL they are cancelled as the mentor's cancellation (full refunds, e-mail
 * and SMS), with KEEP they keep their hours.
 */
export class AdvisorSettingsService {
  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
    private readonly cancelAsMentor: CancelAsMentor,
  ) {}

  async getTimeSlots(caller: CurrentUser, advisorId: number): Promise<WeekDaySlots[]> {
    assertSelfOrAdmin(caller, advisorId);
    return toWeekDaySlots(await new AdvisorSettingsRepository(this.db).listWeeklyHours(advisorId));
  }

  /** Replaces the whole week in one transaction; a slot sent twice counts once. */
  async replaceTimeSlots(
    caller: CurrentUser,
    request: AddAdvisorTimeSlotRequest,
  ): Promise<AvailabilityChange> {
    if (request.advisorId !== caller.id) throw forbidden(messages.forbidden);
    const hours = new Map<string, { dayOfWeek: number; startHour: number }>();
    for (const day of request.sessionDaysDTOList) {
      const dayOfWeek = isoWeekdayOfName(day.dayName);
      for (const slot of day.sessionTimeSlots) {
        const startHour = slotStartHourOf(slot.startTime, slot.endTime);
        if (startHour === null) throw invalid(messages.invalidTimeSlot);
        hours.set(`${dayOfWeek}-${startHour}`, { dayOfWeek, startHour });
      }
    }
    const affected = (await this.heldSessions(caller)).filter(
      (session) => !hours.has(`${session.dayOfWeek}-${session.startHour}`),
    );
    if (affected.length > 0 && !request.bookedSessions) return this.unsaved(affected);
    await this.db.transaction(async (tx) => {
      await new AdvisorSettingsRepository(tx).replaceWeeklyHours(caller.id, [...hours.values()]);
    });
    return this.settle(caller, affected, request.bookedSessions);
  }

  async replaceTopics(caller: CurrentUser, request: UpdateAdvisorTopicsRequest): Promise<void> {
    if (request.advisorId !== caller.id) throw forbidden(messages.forbidden);
    await this.db.transaction(async (tx) => {
      const repository = new AdvisorSettingsRepository(tx);
      if ((await repository.countTopics(request.topics)) !== request.topics.length) {
        throw invalid(advisorSettingsMessages.unknownTopic);
      }
      await repository.replaceTopics(caller.id, request.topics);
    });
  }

  async listBlockedDates(caller: CurrentUser): Promise<string[]> {
    return new AdvisorSettingsRepository(this.db).listBlockedDates(caller.id, this.today());
  }

  /** Blocks whole dates from today to a year ahead; dates already blocked stay blocked. */
  async blockDates(
    caller: CurrentUser,
    dates: readonly string[],
    choice?: BookedSessionsChoice,
  ): Promise<{ dates: string[]; change: AvailabilityChange }> {
    const today = this.today();
    for (const date of dates) {
      const message = validateBlockedDate(date, today);
      if (message) throw invalid(message);
    }
    const repository = new AdvisorSettingsRepository(this.db);
    const blocked = new Set(dates);
    const affected = (await this.heldSessions(caller)).filter((session) => blocked.has(session.localDate));
    if (affected.length > 0 && !choice) {
      return { dates: await repository.listBlockedDates(caller.id, today), change: this.unsaved(affected) };
    }
    await repository.blockDates(caller.id, [...blocked]);
    const change = await this.settle(caller, affected, choice);
    return { dates: await repository.listBlockedDates(caller.id, today), change };
  }

  private heldSessions(caller: CurrentUser): Promise<HeldSession[]> {
    return new AdvisorSettingsRepository(this.db).listHeldSessions(caller.id, new Date(), this.timeZone);
  }

  private unsaved(affected: readonly HeldSession[]): AvailabilityChange {
    return { saved: false, bookedSessions: affected.map((s) => this.toView(s)), cancelledSessionIds: [] };
  }

  /** After the save: the booked sessions the mentor chose to cancel are cancelled, each as its own cancellation. */
  private async settle(
    caller: CurrentUser,
    affected: readonly HeldSession[],
    choice: BookedSessionsChoice | undefined,
  ): Promise<AvailabilityChange> {
    const cancelledSessionIds: number[] = [];
    if (choice === 'CANCEL') {
      for (const session of affected) {
        await this.cancelAsMentor(caller, { sessionId: session.id, reason: cancelReason });
        cancelledSessionIds.push(session.id);
      }
    }
    return { saved: true, bookedSessions: affected.map((s) => this.toView(s)), cancelledSessionIds };
  }

  private toView(session: HeldSession) {
    return {
      id: session.id,
      reference: session.reference,
      startTime: localDateTimeOf(session.startsAt, this.timeZone).dateTime,
      topic: session.topic,
      paid: session.paid,
    };
  }

  async unblockDate(caller: CurrentUser, date: string): Promise<string[]> {
    const repository = new AdvisorSettingsRepository(this.db);
    await repository.unblockDate(caller.id, date);
    return repository.listBlockedDates(caller.id, this.today());
  }

  private today(): string {
    return todayIn(this.timeZone);
  }
}

function assertSelfOrAdmin(caller: CurrentUser, userId: number): void {
  if (caller.id !== userId && caller.role !== 'ADMIN') throw forbidden(messages.forbidden);
}
