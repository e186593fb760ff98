import type { InvitationStatus } from '@myprosper/contract/sessions';
import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection.ts';
import { topics } from '../../db/schema/catalogue.ts';
import { sessionNotifications } from '../../db/schema/notifications.ts';
import { sessionParticipants, sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { holdsSlotAt } from '../sessions/sessions.door.ts';
import {
  type Channel,
  maxAttempts,
  type NotificationKind,
  type RecordedNotification,
} from './notification-plan.ts';

const mentorUser = alias(users, 'mentor_user');
const hostUser = alias(users, 'host_user');

/** An upcoming session that holds its slot, with what its messages say. */
export interface NotifiableSession {
  id: number;
  reference: string;
  sessionType: 'INDIVIDUAL' | 'GROUP';
  status: (typeof sessions.$inferSelect)['status'];
  startsAt: Date;
  holdExpiresAt: Date | null;
  icsSequence: number;
  topic: string;
  /** phoneNumber: only when an SMS code proved it (no SMS but the code to an unproven number). */
  mentor: { id: number; name: string; email: string; phoneNumber: string | null };
  host: { name: string };
  /** A proposed move still open: its hour and the participants whose answer it waits for (issue 20). */
  proposal: { id: number; startsAt: string; awaiting: number[] } | null;
}

export interface NotifiableParticipant {
  id: number;
  sessionId: number;
  isHost: boolean;
  invitationStatus: InvitationStatus;
  /** Whether this person's share is paid (the host's: the booking's payment). */
  paymentStatus: 'UNPAID' | 'PAID';
  /** The invited phone, 2547XXXXXXXX */
  phoneNumber: string | null;
  /** Set once the person's account is attached (the host; an attendee who accepted). phoneNumber: only when proven. */
  user: { id: number; name: string; email: string; phoneNumber: string | null } | null;
}

export interface NotificationKey {
  sessionId: number;
  kind: NotificationKind;
  sequence: number;
  person: string;
  channel: Channel;
}

/** Reads what sessions owe their people, and records each message's fate (the once-only key). */
export class NotificationsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Up to `limit` upcoming sessions holding their slot at `now`, with ids above `afterId`, by id. */
  async findUpcomingHeldSessions(now: Date, afterId: number, limit: number): Promise<NotifiableSession[]> {
    return this.db
      .select({
        id: sessions.id,
        reference: sessions.reference,
        sessionType: sessions.sessionType,
        status: sessions.status,
        startsAt: sessions.startsAt,
        holdExpiresAt: sessions.holdExpiresAt,
        icsSequence: sessions.icsSequence,
        topic: topics.name,
        mentor: {
          id: mentorUser.id,
          name: mentorUser.name,
          email: mentorUser.email,
          phoneNumber: sql<
            string | null
          >`case when ${mentorUser.phoneVerifiedAt} is not null then ${mentorUser.phoneNumber} end`,
        },
        host: { name: hostUser.name },
        proposal: sql<NotifiableSession['proposal']>`(
          select json_build_object('id', p.id, 'startsAt', p.starts_at,
            'awaiting', coalesce((select json_agg(a.participant_id order by a.participant_id)
                                  from reschedule_answers a
                                  where a.proposal_id = p.id and a.answer = 'AWAITED'), '[]'::json))
          from reschedule_proposals p
          where p.session_id = ${sessions.id} and p.status = 'PENDING' and p.expires_at > ${now})`,
      })
      .from(sessions)
      .innerJoin(topics, eq(topics.id, sessions.topicId))
      .innerJoin(mentorUser, eq(mentorUser.id, sessions.advisorId))
      .innerJoin(hostUser, eq(hostUser.id, sessions.adviseeId))
      .where(and(gt(sessions.id, afterId), gt(sessions.startsAt, now), holdsSlotAt(now)))
      .orderBy(asc(sessions.id))
      .limit(limit);
  }

  async findParticipants(sessionIds: readonly number[]): Promise<NotifiableParticipant[]> {
    if (sessionIds.length === 0) return [];
    const rows = await this.db
      .select({
        id: sessionParticipants.id,
        sessionId: sessionParticipants.sessionId,
        isHost: sessionParticipants.isHost,
        invitationStatus: sessionParticipants.invitationStatus,
        paymentStatus: sessionParticipants.paymentStatus,
        phoneNumber: sessionParticipants.phoneNumber,
        userId: users.id,
        userName: users.name,
        userEmail: users.email,
        userPhone: sql<
          string | null
        >`case when ${users.phoneVerifiedAt} is not null then ${users.phoneNumber} end`,
      })
      .from(sessionParticipants)
      .leftJoin(users, eq(users.id, sessionParticipants.adviseeId))
      .where(inArray(sessionParticipants.sessionId, [...sessionIds]))
      .orderBy(asc(sessionParticipants.id));
    return rows.map(({ userId, userName, userEmail, userPhone, ...row }) => ({
      ...row,
      user:
        userId !== null && userName !== null && userEmail !== null
          ? { id: userId, name: userName, email: userEmail, phoneNumber: userPhone }
          : null,
    }));
  }

  async findRecorded(
    sessionIds: readonly number[],
  ): Promise<(RecordedNotification & { sessionId: number })[]> {
    if (sessionIds.length === 0) return [];
    return this.db
      .select({
        sessionId: sessionNotifications.sessionId,
        kind: sessionNotifications.kind,
        sequence: sessionNotifications.sequence,
        person: sessionNotifications.person,
        channel: sessionNotifications.channel,
        status: sessionNotifications.status,
        attempts: sessionNotifications.attempts,
        at: sessionNotifications.createdAt,
      })
      .from(sessionNotifications)
      .where(inArray(sessionNotifications.sessionId, [...sessionIds]));
  }

  /** Takes a fresh message for this run (its row id): null when another run recorded it first. */
  async claim(key: NotificationKey, recipient: string, now: Date): Promise<number | null> {
    const [row] = await this.db
      .insert(sessionNotifications)
      .values({ ...key, recipient, status: 'SENDING', attempts: 1, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: sessionNotifications.id });
    return row?.id ?? null;
  }

  /** Takes a FAILED message again for another attempt: null when it is no longer one to retry. */
  async claimRetry(key: NotificationKey, recipient: string, now: Date): Promise<number | null> {
    const [row] = await this.db
      .update(sessionNotifications)
      .set({
        status: 'SENDING',
        attempts: sql`${sessionNotifications.attempts} + 1`,
        recipient,
        updatedAt: now,
      })
      .where(
        and(
          eq(sessionNotifications.sessionId, key.sessionId),
          eq(sessionNotifications.kind, key.kind),
          eq(sessionNotifications.sequence, key.sequence),
          eq(sessionNotifications.person, key.person),
          eq(sessionNotifications.channel, key.channel),
          eq(sessionNotifications.status, 'FAILED'),
          lt(sessionNotifications.attempts, maxAttempts),
        ),
      )
      .returning({ id: sessionNotifications.id });
    return row?.id ?? null;
  }

  /** Takes the turn of one SMS number until the transaction ends: its daily count is read and claimed in turn. */
  async lockSmsRecipient(recipient: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-recipient:${recipient}`}))`);
  }

  /** Session SMS to this number claimed or sent since `since` (the daily limit per number). */
  async countSmsTo(recipient: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessionNotifications)
      .where(
        and(
          eq(sessionNotifications.channel, 'SMS'),
          eq(sessionNotifications.recipient, recipient),
          inArray(sessionNotifications.status, ['SENDING', 'SENT']),
          gt(sessionNotifications.updatedAt, since),
        ),
      );
    return row?.n ?? 0;
  }

  /**
   * Records an SMS not sent because its number had its day's share: SKIPPED with the reason, never retried
   * (a FAILED one waiting for another attempt becomes SKIPPED too).
   */
  async recordOverDailyLimit(key: NotificationKey, recipient: string, now: Date): Promise<void> {
    const reason = 'daily SMS limit for this number reached';
    await this.db
      .insert(sessionNotifications)
      .values({ ...key, recipient, status: 'SKIPPED', error: reason, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [
          sessionNotifications.sessionId,
          sessionNotifications.kind,
          sessionNotifications.sequence,
          sessionNotifications.person,
          sessionNotifications.channel,
        ],
        set: { status: 'SKIPPED', error: reason, updatedAt: now },
        setWhere: eq(sessionNotifications.status, 'FAILED'),
      });
  }

  /** Records a message decided against; one already recorded stays as it is. */
  async recordSkipped(key: NotificationKey, now: Date): Promise<void> {
    await this.db
      .insert(sessionNotifications)
      .values({ ...key, status: 'SKIPPED', createdAt: now, updatedAt: now })
      .onConflictDoNothing();
  }

  /** The invitation went out to this attendee's number: from now on it can be seen, accepted or declined. */
  async markInvited(participantId: number, now: Date): Promise<void> {
    await this.db
      .update(sessionParticipants)
      .set({ invitedAt: now })
      .where(and(eq(sessionParticipants.id, participantId), isNull(sessionParticipants.invitedAt)));
  }

  async markSent(id: number, providerRef: string | null, now: Date): Promise<void> {
    await this.db
      .update(sessionNotifications)
      .set({ status: 'SENT', providerRef, error: null, updatedAt: now })
      .where(eq(sessionNotifications.id, id));
  }

  /** A failure; one not worth retrying uses up the attempts. */
  async markFailed(id: number, error: string, isRetryable: boolean, now: Date): Promise<void> {
    await this.db
      .update(sessionNotifications)
      .set({
        status: 'FAILED',
        error: error.slice(0, 500),
        updatedAt: now,
        ...(isRetryable ? {} : { attempts: maxAttempts }),
      })
      .where(eq(sessionNotifications.id, id));
  }
}
