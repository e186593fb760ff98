import { normaliseKenyanMobile } from '@myprosper/contract/booking';
import { invitationPath } from '@myprosper/contract/invitations';
import type { SessionRules } from '@myprosper/contract/rules';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/connection.ts';
import { type SessionRulesEnv, sessionRulesOf } from '../../lib/session-rules.ts';
import type { Mailer } from '../../providers/mail.ts';
import type { SmsSender } from '../../providers/sms.ts';
import { JournalRepository, type OpenActionItem } from '../journal/journal.door.ts';
import { effectiveStatus } from '../sessions/sessions.door.ts';
import { type PlannedNotification, type PlanPerson, planNotifications } from './notification-plan.ts';
import { composeMessage } from './notification-texts.ts';
import {
  type NotifiableParticipant,
  type NotifiableSession,
  type NotificationKey,
  NotificationsRepository,
} from './notifications.repository.ts';

const dayMs = 86_400_000;

/** Sessions read per query while looking for messages due. */
const batchSize = 200;

export interface NotificationsDeps {
  db: Db;
  env: SessionRulesEnv & Pick<Env, 'PUBLIC_URL' | 'TIME_ZONE'>;
  mailer: Mailer;
  sms: SmsSender;
  log: FastifyBaseLogger;
}

export interface DispatchReport {
  sent: number;
  skipped: number;
  failed: number;
}

interface Person extends PlanPerson {
  name: string | null;
  /** The account of a host or an attendee who accepted; null for the mentor and a number not taken up. */
  userId: number | null;
  /** An attendee who accepted a group session and has not paid their share. */
  owesShare: boolean;
  /** The invitation link for a pending invitee, else the session page. */
  link: string;
}

/** A stored phone as SMS wants it: 2547XXXXXXXX for Kenyan numbers, the digits of any other. */
function smsPhone(stored: string | null): string | null {
  if (!stored) return null;
  return normaliseKenyanMobile(stored) ?? (stored.replace(/\D/g, '') || null);
}

/**
 * Session messages by e-mail and SMS: group invitations, booking confirmations, reschedule notices and the
 * reminders 24 hours and 1 hour before the start, to the attendees and the mentor.
 *
 * Each run looks at the upcoming sessions holding their slot and asks notification-plan what is owed now.
 * A message is claimed by inserting its row under a unique key before it is sent and marked SENT after, so
 * no run, instance or restart sends it twice, and anything due but not yet sent (the server was down) goes
 * at the next run. The claim commits before the send rather than in one transaction with it: the provider
 * call is not transactional anyway, and an open transaction would stall the embedded database (it runs one
 * transaction at a time) while the SMS sandbox of this same process records the message. A crash between
 * claim and send leaves the row SENDING: that message is lost rather than sent twice.
 */
export class NotificationsService {
  private readonly rules: SessionRules;

  constructor(private readonly deps: NotificationsDeps) {
    this.rules = sessionRulesOf(deps.env);
  }

  async dispatchDue(now = new Date()): Promise<DispatchReport> {
    const repository = new NotificationsRepository(this.deps.db);
    const report: DispatchReport = { sent: 0, skipped: 0, failed: 0 };
    for (let afterId = 0; ; ) {
      const batch = await repository.findUpcomingHeldSessions(now, afterId, batchSize);
      if (batch.length === 0) break;
      afterId = batch.at(-1)!.id;
      const ids = batch.map((session) => session.id);
      const [participants, recorded] = await Promise.all([
        repository.findParticipants(ids),
        repository.findRecorded(ids),
      ]);
      for (const session of batch) {
        const attendees = participants.filter((p) => p.sessionId === session.id);
        const people = this.peopleOf(session, attendees);
        const planned = planNotifications(
          {
            sessionType: session.sessionType,
            status: effectiveStatus(session, now),
            startsAt: session.startsAt,
            icsSequence: session.icsSequence,
            proposal: session.proposal && {
              id: session.proposal.id,
              awaiting: session.proposal.awaiting.map((id) => `participant:${id}`),
            },
          },
          people,
          recorded.filter((r) => r.sessionId === session.id),
          now,
          this.rules.noticeCoalesceMinutes,
        );
        for (const item of planned) {
          await this.carryOut(repository, session, attendees.length - 1, item, now, report);
        }
      }
      if (batch.length < batchSize) break;
    }
    return report;
  }

  private peopleOf(session: NotifiableSession, attendees: readonly NotifiableParticipant[]): Person[] {
    const base = this.deps.env.PUBLIC_URL.replace(/\/$/, '');
    const sessionLink = `${base}/sessions/${session.id}`;
    // A declined number hears nothing more. An account gets SMS only at a phone it proved; a number not
    // yet taken up (INVITEE) is written to as typed, its invitation only (notification-plan).
    const people: Person[] = attendees
      .filter((attendee) => attendee.isHost || attendee.invitationStatus !== 'DECLINED')
      .map((attendee) => {
        const isInvitee = !attendee.isHost && attendee.invitationStatus === 'PENDING';
        return {
          key: `participant:${attendee.id}`,
          audience: attendee.isHost ? 'HOST' : isInvitee ? 'INVITEE' : 'ATTENDEE',
          name: isInvitee ? null : (attendee.user?.name ?? null),
          userId: isInvitee ? null : (attendee.user?.id ?? null),
          email: isInvitee ? null : (attendee.user?.email ?? null),
          phone: isInvitee ? attendee.phoneNumber : smsPhone(attendee.user?.phoneNumber ?? null),
          owesShare:
            !attendee.isHost && attendee.invitationStatus === 'ACCEPTED' && attendee.paymentStatus !== 'PAID',
          link:
            isInvitee && attendee.phoneNumber
              ? `${base}${invitationPath(session.id, attendee.phoneNumber)}`
              : sessionLink,
        };
      });
    people.push({
      key: `mentor:${session.mentor.id}`,
      audience: 'MENTOR',
      name: session.mentor.name,
      userId: null,
      email: session.mentor.email,
      phone: smsPhone(session.mentor.phoneNumber),
      owesShare: false,
      link: sessionLink,
    });
    return people;
  }

  /**
   * A mentee's open action items from their earlier sessions with this mentor, which their reminders list
   * (issue 24); none for other messages, the mentor or an invited number.
   */
  private async openItemsFor(
    session: NotifiableSession,
    item: PlannedNotification<Person>,
  ): Promise<OpenActionItem[]> {
    const isReminder = item.kind === 'REMINDER_24H' || item.kind === 'REMINDER_1H';
    const { userId, audience } = item.person;
    if (!isReminder || userId === null || (audience !== 'HOST' && audience !== 'ATTENDEE')) return [];
    return new JournalRepository(this.deps.db).findOpenItemsWithMentor([userId], session.mentor.id);
  }

  private async carryOut(
    repository: NotificationsRepository,
    session: NotifiableSession,
    otherMentees: number,
    item: PlannedNotification<Person>,
    now: Date,
    report: DispatchReport,
  ): Promise<void> {
    const key: NotificationKey = {
      sessionId: session.id,
      kind: item.kind,
      sequence: item.sequence,
      person: item.person.key,
      channel: item.channel,
    };
    if (item.action === 'SKIP' || item.recipient === null) {
      await repository.recordSkipped(key, now);
      report.skipped += 1;
      return;
    }
    const recipient = item.recipient;
    const claim = (claiming: NotificationsRepository) =>
      item.action === 'SEND' ? claiming.claim(key, recipient, now) : claiming.claimRetry(key, recipient, now);
    // An SMS is claimed only within its number's share of the day, counted under the number's lock.
    const id =
      item.channel === 'SMS'
        ? await this.deps.db.transaction(async (tx) => {
            const locked = new NotificationsRepository(tx);
            await locked.lockSmsRecipient(recipient);
            const since = new Date(now.getTime() - dayMs);
            if (
              (await locked.countSmsTo(recipient, since)) >= sessionRulesOf(this.deps.env).smsPerNumberPerDay
            ) {
              await locked.recordOverDailyLimit(key, recipient, now);
              return 'OVER_LIMIT' as const;
            }
            return claim(locked);
          })
        : await claim(repository);
    if (id === 'OVER_LIMIT') {
      this.deps.log.info({ sessionId: session.id, kind: item.kind }, 'SMS skipped: the number had its day');
      report.skipped += 1;
      return;
    }
    if (id === null) return;

    const message = composeMessage({
      openItems: await this.openItemsFor(session, item),
      kind: item.kind,
      audience: item.person.audience,
      name: item.person.name,
      reference: session.reference,
      sessionType: session.sessionType,
      topic: session.topic,
      mentor: session.mentor.name,
      host: session.host.name,
      otherMentees,
      startsAt: session.startsAt,
      proposedStartsAt: session.proposal ? new Date(session.proposal.startsAt) : null,
      payBy: session.status === 'PENDING_PAYMENT' ? session.holdExpiresAt : null,
      owesShare: item.person.owesShare,
      link: item.person.link,
      timeZone: this.deps.env.TIME_ZONE,
    });
    try {
      if (item.channel === 'EMAIL') {
        await this.deps.mailer.send({ to: item.recipient, subject: message.subject, text: message.email });
        await repository.markSent(id, null, now);
      } else {
        const outcome = await this.deps.sms.send({ to: item.recipient, text: message.sms });
        if (!outcome.isSent) {
          await repository.markFailed(
            id,
            `${outcome.status} (${outcome.statusCode})`,
            outcome.isRetryable,
            now,
          );
          this.deps.log.warn(
            { sessionId: session.id, kind: item.kind, status: outcome.status },
            'SMS not sent',
          );
          report.failed += 1;
          return;
        }
        await repository.markSent(id, outcome.messageId, now);
      }
      if (item.kind === 'INVITATION' && item.person.key.startsWith('participant:')) {
        await repository.markInvited(Number(item.person.key.slice('participant:'.length)), now);
      }
      report.sent += 1;
    } catch (error) {
      await repository.markFailed(id, (error as Error).message, true, now);
      this.deps.log.warn({ err: error, sessionId: session.id, kind: item.kind }, 'session message not sent');
      report.failed += 1;
    }
  }
}
