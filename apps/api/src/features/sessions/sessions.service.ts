import { normaliseKenyanMobile } from '@myprosper/contract/booking';
import type { Session, SessionListStatus, SessionPage, SessionType } from '@myprosper/contract/sessions';
import { sessionMessages } from '@myprosper/contract/sessions';
import type { Env } from '../../config/env.ts';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { type SessionRulesEnv, sessionRulesOf } from '../../lib/session-rules.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { ratingRefusal } from './rating-rule.ts';
import {
  buildCalendar,
  type CalendarEvent,
  calendarEventHours,
  noReplyOrganizer,
  sessionEventUid,
} from './session-calendar.ts';
import { effectiveStatus, toSession, type Viewer, type ViewerInvitation } from './session-view.ts';
import { type SessionRecord, SessionsRepository } from './sessions.repository.ts';

export interface ReadableSession {
  record: SessionRecord;
  viewer: Viewer;
}

/** Session lists, details and the calendar file. Only a session's mentor and attendees can read it. */
export class SessionsService {
  constructor(
    private readonly db: Db,
    private readonly env: Pick<Env, 'TIME_ZONE' | 'PUBLIC_URL' | 'MAIL_FROM'> & SessionRulesEnv,
  ) {}

  private get maxReschedules(): number {
    return sessionRulesOf(this.env).maxReschedules;
  }

  /** The session if the caller is its mentor or one of its attendees; 404 for anyone else. */
  async findReadable(caller: CurrentUser, id: number, db: DbOrTx = this.db): Promise<ReadableSession> {
    const repository = new SessionsRepository(db);
    const record = await repository.findRecord(id);
    if (record) {
      if (record.advisor.id === caller.id) return { record, viewer: 'ADVISOR' };
      if (await repository.isParticipant(id, caller.id)) return { record, viewer: 'ADVISEE' };
    }
    throw notFound(sessionMessages.sessionNotFound);
  }

  /** The caller's phone (2547…) if an SMS code proved it; null otherwise. */
  async verifiedPhoneOf(caller: CurrentUser, db: DbOrTx = this.db): Promise<string | null> {
    if (!caller.phoneVerified) return null;
    const stored = await new SessionsRepository(db).findVerifiedPhone(caller.id);
    return stored ? normaliseKenyanMobile(stored) : null;
  }

  /**
   * findReadable, or else the session whose invitation was sent to the caller's verified phone and not
   * accepted yet (PENDING or DECLINED): they may read it, to accept or decline, and nothing else.
   */
  private async findReadableOrInvited(
    caller: CurrentUser,
    id: number,
  ): Promise<ReadableSession & { invitation?: ViewerInvitation }> {
    try {
      return await this.findReadable(caller, id);
    } catch (error) {
      if (caller.role !== 'ADVISEE') throw error;
      const phone = await this.verifiedPhoneOf(caller);
      if (!phone) throw error;
      const repository = new SessionsRepository(this.db);
      const invitation = await repository.findSentInvitation(id, phone);
      const record = invitation ? await repository.findRecord(id) : null;
      if (!invitation || !record) throw error;
      return { record, viewer: 'ADVISEE', invitation };
    }
  }

  /** A session in the contract's shape, as this viewer sees it. */
  async view(
    record: SessionRecord,
    viewer: Viewer,
    db: DbOrTx = this.db,
    now = new Date(),
  ): Promise<Session> {
    const participants = await new SessionsRepository(db).findParticipants([record.id]);
    return toSession(record, participants, {
      viewer,
      now,
      timeZone: this.env.TIME_ZONE,
      maxReschedules: this.maxReschedules,
    });
  }

  async getSession(caller: CurrentUser, id: number): Promise<Session> {
    const { record, viewer, invitation } = await this.findReadableOrInvited(caller, id);
    if (!invitation) {
      const now = new Date();
      const participants = await new SessionsRepository(this.db).findParticipants([record.id]);
      const refusal = await ratingRefusal(this.db, {
        record,
        viewer,
        userId: caller.id,
        presenceMinutes: sessionRulesOf(this.env).presenceMinutes,
        now,
      });
      return toSession(record, participants, {
        viewer,
        now,
        timeZone: this.env.TIME_ZONE,
        canRate: refusal === null,
        maxReschedules: this.maxReschedules,
        viewerId: caller.id,
      });
    }
    const participants = await new SessionsRepository(this.db).findParticipants([record.id]);
    return toSession(record, participants, {
      viewer,
      now: new Date(),
      timeZone: this.env.TIME_ZONE,
      invitation,
      maxReschedules: this.maxReschedules,
    });
  }

  async listSessions(
    caller: CurrentUser,
    as: Viewer,
    userId: number,
    filter: { status: SessionListStatus; sessionType?: SessionType; page: number; pageSize: number },
  ): Promise<SessionPage> {
    if (userId !== caller.id) throw forbidden(sessionMessages.notYourSessions);
    if (as === 'ADVISOR' && caller.role !== 'ADVISOR') throw forbidden(sessionMessages.notYourSessions);
    const now = new Date();
    const repository = new SessionsRepository(this.db);
    const query = {
      userId,
      status: filter.status,
      sessionType: filter.sessionType,
      now,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    };
    const phone = as === 'ADVISEE' ? await this.verifiedPhoneOf(caller) : null;
    const { ids, total } =
      as === 'ADVISOR'
        ? await repository.listAdvisorSessionIds(query)
        : await repository.listAdviseeSessionIds({ ...query, phone });
    const [records, participants] = await Promise.all([
      repository.findRecords(ids),
      repository.findParticipants(ids),
    ]);
    // A session listed for an invitation the caller has not taken up yet: their own row, PENDING.
    const invitationOf = (sessionId: number): ViewerInvitation | undefined => {
      if (!phone) return undefined;
      const own = participants.find(
        (p) =>
          p.sessionId === sessionId &&
          p.adviseeId === caller.id &&
          (p.isHost || p.invitationStatus === 'ACCEPTED'),
      );
      const invited = participants.find(
        (p) => p.sessionId === sessionId && p.adviseeId === null && p.phoneNumber === phone,
      );
      return !own && invited && invited.invitationStatus === 'PENDING'
        ? { phoneNumber: phone, invitationStatus: 'PENDING' }
        : undefined;
    };
    return {
      sessions: records.map((record) =>
        toSession(record, participants, {
          viewer: as,
          now,
          timeZone: this.env.TIME_ZONE,
          invitation: invitationOf(record.id),
          maxReschedules: this.maxReschedules,
          viewerId: caller.id,
        }),
      ),
      page: filter.page,
      pageSize: filter.pageSize,
      total,
    };
  }

  /**
   * The session as an iCalendar file: UTC times, the spec's 2-hour end, a no-reply address of ours as the
   * organizer (the mentor is named in the summary; their e-mail is never in the file).
   */
  async calendar(caller: CurrentUser, id: number): Promise<{ filename: string; body: string }> {
    const { record } = await this.findReadable(caller, id);
    const now = new Date();
    const participants = await new SessionsRepository(this.db).findParticipants([id]);
    const status = effectiveStatus(record, now);
    const url = `${this.env.PUBLIC_URL.replace(/\/$/, '')}/sessions/${record.id}`;
    const event: CalendarEvent = {
      uid: sessionEventUid(record.id),
      sequence: record.icsSequence,
      start: record.startsAt,
      end: new Date(record.startsAt.getTime() + calendarEventHours * 3_600_000),
      stamp: now,
      summary: `${record.topic.name} session with ${record.advisor.name}`,
      description: `MyProsper ${record.sessionType === 'GROUP' ? 'group' : 'individual'} session on ${record.topic.name} with ${record.advisor.name}. Reference ${record.reference}. Join at ${url}`,
      url,
      organizer: noReplyOrganizer(this.env),
      // Only people who are the session's (its host, attendees who accepted): an invited number is nobody's.
      attendees: participants
        .filter((p) => p.isHost || p.invitationStatus === 'ACCEPTED')
        .filter((p): p is typeof p & { email: string } => p.email !== null)
        .map((p) => ({
          name: p.name ?? p.phoneNumber ?? p.email,
          email: p.email,
          accepted: p.invitationStatus === 'ACCEPTED',
        })),
      status: status === 'CONFIRMED' ? 'CONFIRMED' : status === 'PENDING_PAYMENT' ? 'TENTATIVE' : 'CANCELLED',
    };
    return { filename: `myprosper-session-${record.reference}.ics`, body: buildCalendar(event) };
  }
}
