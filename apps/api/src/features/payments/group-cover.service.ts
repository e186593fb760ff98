import { formatDateChip } from '@myprosper/contract/dates';
import { type GroupCover, groupCoverMessages } from '@myprosper/contract/group-cover';
import { groupCoverAmount, minPaidGroupAttendees, sessionPrice } from '@myprosper/contract/pricing';
import type { SessionRules } from '@myprosper/contract/rules';
import { localDateTimeOf } from '@myprosper/contract/slots';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { withRetries } from '../../db/database-errors.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { sessionRulesOf } from '../../lib/session-rules.ts';
import type { Mailer } from '../../providers/mail.ts';
import type { SmsSender } from '../../providers/sms.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import type { SessionsService } from '../sessions/sessions.door.ts';
import { type CoverRow, GroupCoverRepository } from './group-cover.repository.ts';
import { payCoverFromWallet } from './group-cover-payments.ts';
import {
  type LockedSession,
  type MoneyParticipant,
  SessionMoneyRepository,
} from './session-money.repository.ts';

type GroupCoverEnv = Parameters<typeof sessionRulesOf>[0] & Pick<Env, 'TIME_ZONE' | 'PUBLIC_URL'>;

export interface GroupCoverChannels {
  mailer: Mailer;
  sms: () => SmsSender | null;
  log: FastifyBaseLogger;
}

/** What a cut-off found and recorded, for the host's notice after it commits. */
interface CutoffOutcome {
  session: LockedSession;
  cover: CoverRow;
  paidAttendees: number;
  host: MoneyParticipant | undefined;
  topic: string;
}

/**
 * Group sessions are priced for their paid attendees (issue 20, "Groups"; the words in rules.ts policyLines):
 * - at the cut-off, `groupCutoffHours` before the start (for a group booked later: as soon as its host has
 *   paid, by the next run of the job or the host's next look at the session), a group with fewer than
 *   `minPaidGroupAttendees` paid attendees asks its host to pay the difference up to the individual price
 *   (`groupCoverAmount`), by `groupCoverPayHours` before the start (with at least that long to pay, and never
 *   after the start);
 * - the host pays it from the wallet (an M-PESA or card top-up of the wallet first), a SESSION_PAYMENT into the
 *   session's escrow that the mentor is paid from with the shares, so a 1:1 hour earns the 1:1 rate;
 * - or cancels: with the cover due, any cancellation refunds everyone in full (cancellation.service.ts);
 * - unpaid in time, the session is cancelled for the platform and everyone refunded;
 * - while due, the call stays closed (calls' call-access.ts reads the same row).
 * An attendee paying after the cut-off ends the ask (two paid). Every step locks the session row first, so the
 * last invitee's payment and the cut-off run one after the other.
 */
export class GroupCoverService {
  private readonly rules: SessionRules;

  constructor(
    private readonly db: Db,
    private readonly env: GroupCoverEnv,
    private readonly sessions: SessionsService,
    /** cancellation.service.ts: cancels a group whose cover lapsed (null when it was no longer due). */
    private readonly cancellation: { cancelUncoveredGroup(sessionId: number): Promise<object | null> },
    private readonly channels: GroupCoverChannels,
  ) {
    this.rules = sessionRulesOf(env);
  }

  /** The job: every group whose cut-off came is checked once (and its host told), then lapsed covers cancel. */
  async run(now = new Date()): Promise<{ checked: number; cancelled: number }> {
    let checked = 0;
    const ids = await new GroupCoverRepository(this.db).sessionsAtCutoff(
      now,
      this.rules.groupCutoffHours,
      100,
    );
    for (const id of ids) {
      if (await withRetries(() => this.checkAndTell(id, now))) checked++;
    }
    let cancelled = 0;
    for (const id of await new GroupCoverRepository(this.db).lapsedCovers(now, 100)) {
      try {
        if (await this.cancellation.cancelUncoveredGroup(id)) cancelled++;
      } catch (error) {
        // Cancelled or ended meanwhile: nothing to do; anything else is tried again at the next run.
        if (!(error instanceof AppError)) throw error;
        this.channels.log.warn({ err: error, sessionId: id }, 'lapsed group cover not cancelled');
      }
    }
    return { checked, cancelled };
  }

  /** The session's cover as the caller sees it (checking the cut-off first if it came and was not checked). */
  async view(caller: CurrentUser, sessionId: number, now = new Date()): Promise<GroupCover> {
    const { record } = await this.sessions.findReadable(caller, sessionId);
    const isHost = record.host.id === caller.id;
    if (this.isAtCutoff(record, now)) {
      const repository = new GroupCoverRepository(this.db);
      if (!(await repository.findCover(sessionId)))
        await withRetries(() => this.checkAndTell(sessionId, now));
    }
    return this.describe(this.db, sessionId, isHost, now);
  }

  /** The host pays the difference from their wallet, in one transaction with the session locked. */
  async payFromWallet(caller: CurrentUser, sessionId: number, now = new Date()): Promise<GroupCover> {
    const { record } = await this.sessions.findReadable(caller, sessionId);
    if (record.host.id !== caller.id) throw forbidden(groupCoverMessages.onlyHost);
    return withRetries(() =>
      this.db.transaction(async (tx) => {
        const money = new SessionMoneyRepository(tx);
        const session = await money.lockSession(sessionId);
        if (!session) throw notFound(groupCoverMessages.notDue);
        if (session.status !== 'CONFIRMED' || session.endsAt <= now)
          throw conflict(groupCoverMessages.notDue);
        const paid = await payCoverFromWallet(tx, {
          sessionId,
          hostId: caller.id,
          reference: session.reference,
          now,
        });
        if (paid.outcome === 'NOT_DUE') throw conflict(groupCoverMessages.notDue);
        if (paid.outcome === 'INSUFFICIENT_FUNDS') {
          throw conflict(groupCoverMessages.insufficientWallet(paid.balance, paid.amount));
        }
        return this.describe(tx, sessionId, true, now);
      }),
    );
  }

  private isAtCutoff(
    session: { sessionType: string; status: string; amount: number; startsAt: Date },
    now: Date,
  ): boolean {
    return (
      session.sessionType === 'GROUP' &&
      session.status === 'CONFIRMED' &&
      session.amount > 0 &&
      session.startsAt > now &&
      session.startsAt.getTime() - this.rules.groupCutoffHours * 3_600_000 <= now.getTime()
    );
  }

  /**
   * By when the host pays: `groupCoverPayHours` before the start, but never less than `groupCoverPayHours`
   * after being asked (a group booked at short notice), and never after the start.
   */
  private dueByOf(startsAt: Date, now: Date): Date {
    const payMs = this.rules.groupCoverPayHours * 3_600_000;
    const beforeStart = startsAt.getTime() - payMs;
    const atLeast = now.getTime() + payMs;
    return new Date(beforeStart >= atLeast ? beforeStart : Math.min(startsAt.getTime(), atLeast));
  }

  private async checkAndTell(sessionId: number, now: Date): Promise<boolean> {
    const outcome = await this.db.transaction((tx) => this.checkCutoff(tx, sessionId, now));
    if (!outcome) return false;
    if (outcome.cover.amount > 0) await this.tellHost(outcome);
    return true;
  }

  /** The cut-off of one session, once: records what the host owes (0: nothing). Null if not due or done. */
  private async checkCutoff(tx: DbOrTx, sessionId: number, now: Date): Promise<CutoffOutcome | null> {
    const money = new SessionMoneyRepository(tx);
    const session = await money.lockSession(sessionId);
    if (!session || !this.isAtCutoff(session, now)) return null;
    const covers = new GroupCoverRepository(tx);
    if (await covers.findCover(sessionId)) return null;
    const participants = await money.lockParticipants(sessionId);
    const paidShares = participants.filter((p) => p.paymentStatus === 'PAID').map((p) => p.amount);
    const pricing = await covers.individualPricing();
    // With no individual price set, the group's own price is the floor: the host then covers the whole hour.
    const individualPrice = pricing ? sessionPrice(pricing) : session.amount;
    const amount = groupCoverAmount(individualPrice, paidShares);
    const dueBy = amount > 0 ? this.dueByOf(session.startsAt, now) : null;
    await covers.insertCover({ sessionId, amount, checkedAt: now, dueBy });
    const cover = await covers.findCover(sessionId);
    if (!cover) return null;
    const described = await money.describeSession(sessionId);
    return {
      session,
      cover,
      paidAttendees: paidShares.length,
      host: participants.find((p) => p.isHost),
      topic: described?.topic ?? 'mentoring',
    };
  }

  /** The host, by e-mail and SMS (at a proven phone): what to pay, by when, or cancel. */
  private async tellHost(outcome: CutoffOutcome): Promise<void> {
    const { host, cover, session } = outcome;
    if (!host || !cover.dueBy) return;
    const at = (instant: Date) => {
      const local = localDateTimeOf(instant, this.env.TIME_ZONE);
      return `${formatDateChip(local.date)} at ${local.time}`;
    };
    const text = groupCoverMessages.notice({
      topic: outcome.topic,
      when: at(session.startsAt),
      paid: outcome.paidAttendees,
      amount: cover.amount,
      dueBy: at(cover.dueBy),
      link: `${this.env.PUBLIC_URL.replace(/\/$/, '')}/sessions`,
    });
    if (host.email) {
      try {
        await this.channels.mailer.send({
          to: host.email,
          subject: groupCoverMessages.noticeSubject,
          text: `Hello ${host.name ?? 'there'},\n\n${text}`,
        });
      } catch (error) {
        this.channels.log.warn({ err: error }, 'group cover e-mail failed');
      }
    }
    const sms = this.channels.sms();
    if (sms && host.phoneVerified && host.phoneNumber) {
      try {
        await sms.send({ to: host.phoneNumber, text: `MyProsper: ${text}` });
      } catch (error) {
        this.channels.log.warn({ err: error }, 'group cover SMS failed');
      }
    }
  }

  private async describe(db: DbOrTx, sessionId: number, isHost: boolean, now: Date): Promise<GroupCover> {
    const money = new SessionMoneyRepository(db);
    const session = await money.findSession(sessionId);
    const cover = await new GroupCoverRepository(db).findCover(sessionId);
    const participants = await new SessionMoneyRepository(db).participantsOf(sessionId);
    const paid = paidCount(participants);
    const state = stateOf(cover, paid);
    const open = session?.status === 'CONFIRMED' && session.endsAt > now;
    const amount = cover && (state === 'DUE' || state === 'COVERED') ? cover.amount : 0;
    const text =
      state === 'DUE' && open
        ? isHost
          ? groupCoverMessages.hostDue(paid, amount)
          : groupCoverMessages.othersDue(paid)
        : state === 'COVERED' && open
          ? groupCoverMessages.covered
          : null;
    return {
      sessionId,
      state,
      amount,
      paidAttendees: paid,
      dueBy: state === 'DUE' && cover?.dueBy ? cover.dueBy.toISOString() : null,
      text,
      canPay: isHost && state === 'DUE' && open,
    };
  }
}

function paidCount(participants: readonly Pick<MoneyParticipant, 'paymentStatus'>[]): number {
  return participants.filter((p) => p.paymentStatus === 'PAID').length;
}

/** The cover's state from its row and the paid attendees now (a payment after the cut-off ends the ask). */
export function stateOf(cover: CoverRow | null, paidAttendees: number): GroupCover['state'] {
  if (!cover) return 'NOT_YET';
  if (cover.amount === 0) return 'NOT_NEEDED';
  if (cover.paidAt) return 'COVERED';
  return paidAttendees >= minPaidGroupAttendees ? 'NOT_NEEDED' : 'DUE';
}
