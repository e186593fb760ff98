import { type CallSummary, type CallTicket, callMessages, callWindow } from '@myprosper/contract/calls';
import type { CallStatus } from '@myprosper/contract/sessions';
import { sessionMessages } from '@myprosper/contract/sessions';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/connection.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { AttendanceRepository } from './attendance.repository.ts';
import { type AccessDecision, accessError, decideAccess } from './call-access.ts';
import { type CallSession, CallsRepository } from './calls.repository.ts';
import { iceServersFor } from './ice-servers.ts';
import { signTicket } from './join-ticket.ts';
import type { RoomService } from './room.service.ts';

export type CallsEnv = Pick<
  Env,
  'CALL_STUN_URLS' | 'CALL_TURN_URLS' | 'CALL_TURN_SECRET' | 'CALL_EARLY_JOIN_MINUTES' | 'CALL_GRACE_MINUTES'
>;

export interface AllowedEntry {
  session: CallSession;
  decision: Extract<AccessDecision, { ok: true }>;
  name: string;
}

/** The call's REST side: who may enter (ticket), starting a session, and who came. Admins correct no-shows
 * through the admin feature (audited), which calls NoShowService.override. */
export class CallsService {
  constructor(
    private readonly db: Db,
    private readonly env: CallsEnv,
    private readonly signingSecret: string,
    private readonly rooms: RoomService,
  ) {}

  private get settings() {
    return { earlyJoinMinutes: this.env.CALL_EARLY_JOIN_MINUTES, graceMinutes: this.env.CALL_GRACE_MINUTES };
  }

  /** The join rule for this person and session now: answers the facts, or throws why not. */
  async admit(userId: number, sessionId: number, now = new Date()): Promise<AllowedEntry> {
    const repository = new CallsRepository(this.db);
    const session = await repository.findSession(sessionId);
    if (!session) throw notFound(sessionMessages.sessionNotFound);
    const attendee = session.advisorId === userId ? null : await repository.findAttendee(sessionId, userId);
    const decision = decideAccess({ session, attendee, userId }, now, this.settings);
    if (!decision.ok) throw accessError(decision);
    const name = (await repository.userName(userId)) ?? 'Participant';
    return { session, decision, name };
  }

  /** A 60-second ticket for the signaling socket, the ICE servers (TURN valid until the call closes), the room. */
  async ticket(user: CurrentUser, sessionId: number, now = new Date()): Promise<CallTicket> {
    const { session, decision, name } = await this.admit(user.id, sessionId, now);
    const present = await new CallsRepository(this.db).othersPresent(sessionId, user.id);
    if (present >= decision.capacity) throw new AppError('CONFLICT', callMessages.roomFull);
    const { ticket, expiresAt } = signTicket(
      this.signingSecret,
      { userId: user.id, sessionId },
      now.getTime(),
    );
    return {
      ticket,
      expiresAt: expiresAt.toISOString(),
      iceServers: iceServersFor(this.env, user.id, decision.closesAt),
      room: {
        sessionId,
        sessionType: session.sessionType,
        callStatus: session.callStatus,
        capacity: decision.capacity,
        startsAt: session.startsAt.toISOString(),
        endsAt: session.endsAt.toISOString(),
        opensAt: decision.opensAt.toISOString(),
        closesAt: decision.closesAt.toISOString(),
        you: { userId: user.id, name, role: decision.role },
      },
    };
  }

  /**
   * POST /startSession: the session's mentor opens the call (NOT_STARTED -> STARTED, logged); waiting
   * mentees are told at once. Starting a started call is fine (the mentor re-entering).
   */
  async start(
    user: CurrentUser,
    input: { sessionId: number; advisorId: number },
    now = new Date(),
  ): Promise<{ callStatus: CallStatus; isNew: boolean }> {
    const session = await new CallsRepository(this.db).findSession(input.sessionId);
    if (!session) throw notFound(sessionMessages.sessionNotFound);
    if (session.advisorId !== user.id || input.advisorId !== user.id) {
      throw forbidden(callMessages.onlyMentorStarts);
    }
    await this.admit(user.id, input.sessionId, now);
    let isNew = false;
    const roster = await this.rooms.announce(input.sessionId, async (repository) => {
      isNew = await repository.markStarted(input.sessionId, user.id, now);
    });
    return { callStatus: roster.callStatus, isNew };
  }

  /** Who was expected, who came and when, and the no-show decisions: for the session's people and admins. */
  async summary(user: CurrentUser, sessionId: number): Promise<CallSummary> {
    const repository = new CallsRepository(this.db);
    const session = await repository.findSession(sessionId);
    if (!session) throw notFound(sessionMessages.sessionNotFound);
    if (user.role !== 'ADMIN' && session.advisorId !== user.id) {
      if (!(await repository.findAttendee(sessionId, user.id)))
        throw notFound(sessionMessages.sessionNotFound);
    }
    return this.describe(session);
  }

  private async describe(session: CallSession): Promise<CallSummary> {
    const attendance = new AttendanceRepository(this.db);
    const [expected, rows, call] = await Promise.all([
      attendance.expectedPeople(session.id),
      attendance.attendance(session.id),
      new CallsRepository(this.db).findCall(session.id),
    ]);
    const people = expected.map((person) => {
      const row = rows.find((r) => r.userId === person.userId);
      return {
        userId: person.userId,
        name: person.name,
        role: person.role,
        firstJoinedAt: row?.firstJoinedAt?.toISOString() ?? null,
        lastLeftAt: row?.lastLeftAt?.toISOString() ?? null,
        secondsInCall: row?.secondsInCall ?? 0,
        noShow: row?.noShow ?? null,
      };
    });
    const mentees = people.filter((p) => p.role === 'ADVISEE');
    const decided = call?.attendanceDecidedAt ?? null;
    return {
      sessionId: session.id,
      callStatus: session.callStatus,
      startedAt: call?.startedAt?.toISOString() ?? null,
      endedAt: call?.endedAt?.toISOString() ?? null,
      mentorNoShow: call?.mentorNoShow ?? null,
      adviseeNoShow: decided || call?.overriddenAt ? mentees.some((p) => p.noShow === true) : null,
      decidedAt: decided?.toISOString() ?? null,
      overriddenAt: call?.overriddenAt?.toISOString() ?? null,
      people,
    };
  }

  /** When this session's call opens and closes. */
  window(session: CallSession) {
    return callWindow(session, this.settings);
  }
}
