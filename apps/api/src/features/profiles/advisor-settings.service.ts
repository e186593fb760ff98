import {
  type AddAdvisorTimeSlotRequest,
  advisorSettingsMessages,
  slotStartHourOf,
  toWeekDaySlots,
  type UpdateAdvisorTopicsRequest,
  validateBlockedDate,
  type WeekDaySlots,
} from '@myprosper/contract/advisor-settings';
import { isoWeekdayOfName, todayIn } from '@myprosper/contract/dates';
import { messages } from '@myprosper/contract/messages';
import type { Db } from '../../db/connection.ts';
import { forbidden, invalid } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { AdvisorSettingsRepository } from './advisor-settings.repository.ts';

/** The mentor's editor: weekly time slots, topics and blocked dates, each only their own. */
export class AdvisorSettingsService {
  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
  ) {}

  async getTimeSlots(caller: CurrentUser, advisorId: number): Promise<WeekDaySlots[]> {
    assertSelfOrAdmin(caller, advisorId);
    return toWeekDaySlots(await new AdvisorSettingsRepository(this.db).listWeeklyHours(advisorId));
  }

  /** Replaces the whole week in one transaction; a slot sent twice counts once. */
  async replaceTimeSlots(caller: CurrentUser, request: AddAdvisorTimeSlotRequest): Promise<void> {
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
    await this.db.transaction(async (tx) => {
      await new AdvisorSettingsRepository(tx).replaceWeeklyHours(caller.id, [...hours.values()]);
    });
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
  async blockDates(caller: CurrentUser, dates: readonly string[]): Promise<string[]> {
    const today = this.today();
    for (const date of dates) {
      const message = validateBlockedDate(date, today);
      if (message) throw invalid(message);
    }
    const repository = new AdvisorSettingsRepository(this.db);
    await repository.blockDates(caller.id, [...new Set(dates)]);
    return repository.listBlockedDates(caller.id, today);
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
