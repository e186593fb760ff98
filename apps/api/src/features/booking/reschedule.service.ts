import { slotProblemMessage } from '@myprosper/contract/booking';
import { type Session, sessionMessages } from '@myprosper/contract/sessions';
import { checkSlot, localDateTimeOf } from '@myprosper/contract/slots';
import type { Db } from '../../db/connection.ts';
import { runAgainAfterDeadlock } from '../../db/database-errors.ts';
import { forbidden, invalid, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import {
  bookingConflictOf,
  effectiveStatus,
  isHoldingSlot,
  SessionsRepository,
  type SessionsService,
} from '../sessions/sessions.door.ts';
import { type BookingEnv, loadSlotRules, slotLimits } from './slot-rules.ts';

export interface RescheduleInput {
  sessionId: number;
  selectedDate?: string | null;
  selectedTime: string;
}

/**
 * Moves a session to another free hour of its mentor, until RESCHEDULE_CUTOFF_HOURS before it starts. One
 * transaction: if the new hour is taken the database refuses it and the session keeps its old hour.
 */
export class RescheduleService {
  constructor(
    private readonly db: Db,
    private readonly env: BookingEnv,
    private readonly sessionsService: SessionsService,
  ) {}

  async reschedule(caller: CurrentUser, input: RescheduleInput): Promise<Session> {
    const selectedDate = input.selectedDate?.trim() ?? '';
    if (selectedDate === '') throw invalid(sessionMessages.selectDate);
    const selectedTime = input.selectedTime.trim();
    const { record } = await this.sessionsService.findReadable(caller, input.sessionId);
    if (caller.id !== record.host.id && caller.id !== record.advisor.id) {
      throw forbidden(sessionMessages.rescheduleNotAllowed);
    }
    const current = localDateTimeOf(record.startsAt, this.env.TIME_ZONE);
    if (current.date === selectedDate && current.time === selectedTime.slice(0, 5)) {
      throw invalid(sessionMessages.noChanges);
    }

    const now = new Date();
    this.assertMovable(record, now);
    const rules = await loadSlotRules(this.db, this.env, record.advisor.id, now);
    const slot = checkSlot(rules, selectedDate, selectedTime);
    if (!slot.ok) throw invalid(slotProblemMessage(slot.problem, slotLimits(this.env)));

    try {
      await runAgainAfterDeadlock(() =>
        this.db.transaction(async (tx) => {
          const repository = new SessionsRepository(tx);
          await repository.expireStaleHolds(now);
          const locked = await repository.lockSession(record.id);
          if (!locked) throw notFound(sessionMessages.sessionNotFound);
          // Checked again on the locked row: another change may have landed meanwhile.
          this.assertMovable(locked, now);
          await repository.moveSession(record.id, slot.startsAt, slot.endsAt, now);
        }),
      );
    } catch (error) {
      throw bookingConflictOf(error, caller.id) ?? error;
    }
    return this.sessionsService.getSession(caller, record.id);
  }

  private assertMovable(
    session: {
      startsAt: Date;
      status: Parameters<typeof effectiveStatus>[0]['status'];
      holdExpiresAt: Date | null;
    },
    now: Date,
  ): void {
    if (!isHoldingSlot(effectiveStatus(session, now)) || session.startsAt <= now) {
      throw invalid(sessionMessages.rescheduleInactive);
    }
    const cutoff = session.startsAt.getTime() - this.env.RESCHEDULE_CUTOFF_HOURS * 3_600_000;
    if (now.getTime() > cutoff)
      throw invalid(sessionMessages.rescheduleTooLate(this.env.RESCHEDULE_CUTOFF_HOURS));
  }
}
