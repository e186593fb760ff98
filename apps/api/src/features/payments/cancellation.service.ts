import { groupCoverMessages } from '@myprosper/contract/group-cover';
import {
  type CancellationPolicy,
  type CancellationResult,
  type Canceller,
  cancellationPolicyText,
  fullRefundUntilOf,
  paymentMessages,
  type RefundDestination,
  refundsInFull,
} from '@myprosper/contract/payments';
import { refundMessages } from '@myprosper/contract/refunds';
import { sessionMessages } from '@myprosper/contract/sessions';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { withRetries } from '../../db/database-errors.ts';
import { forbidden, invalid, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../providers/mail.ts';
import type { SmsSender } from '../../providers/sms.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import {
  effectiveStatus,
  isHoldingSlot,
  type SessionRecord,
  SessionsRepository,
  type SessionsService,
} from '../sessions/sessions.door.ts';
import { type NoticePerson, noticeAddresses, sendCancellationNotices } from './cancellation-notices.ts';
import { settleToMentor } from './earnings.service.ts';
import { GroupCoverRepository } from './group-cover.repository.ts';
import { MpesaRefundsRepository } from './mpesa-refunds.repository.ts';
import type { MpesaRefundsService } from './mpesa-refunds.service.ts';
import { refundOptionOf } from './mpesa-refunds.ts';
import { OperatorRefundsRepository } from './operator-refunds.repository.ts';
import { SessionMoneyRepository } from './session-money.repository.ts';
import { refundPaidShares } from './share-refunds.ts';
import type { PaymentVouchers } from './voucher-port.ts';

type CancellationEnv = Pick<
  Env,
  'CANCEL_FULL_REFUND_HOURS' | 'PLATFORM_COMMISSION_PERCENT' | 'TIME_ZONE' | 'PUBLIC_URL'
>;

export interface CancellationChannels {
  mailer: Mailer;
  /** SMS when the app has a sender. */
  sms: () => SmsSender | null;
  log: FastifyBaseLogger;
}

/** What a cancellation does in other features, in its transaction (app.ts passes them in). */
export interface CancellationReactions {
  /** Voucher-paid shares given back: their vouchers usable again. */
  vouchers: Pick<PaymentVouchers, 'restore'>;
  /** The session is cancelled: its open call room ends as this commits, not at its next periodic check. */
  sessionCancelled(tx: DbOrTx, sessionId: number): Promise<void>;
  /** Refunds on their way back to M-PESA, handed to Daraja once the cancellation commits. */
  mpesaRefunds?: Pick<MpesaRefundsService, 'dispatch'>;
}

/** The lapse of a group's cover found it paid, or no longer needed: nothing was cancelled. */
class CoverNoLongerDue extends Error {}

function cancellerOf(record: SessionRecord, caller: CurrentUser): Canceller | null {
  if (record.advisor.id === caller.id) return 'ADVISOR';
  if (record.host.id === caller.id) return 'ADVISEE';
  return null;
}

/**
 * Cancelling a session (its host or its mentor), by the policy: a mentor's cancellation, or the host's at
 * least CANCEL_FULL_REFUND_HOURS ahead, gives every payer their share back in full, the way it was paid
 * (wallet, or voucher). A later cancellation by the host forfeits the host's own share, which goes to the
 * mentor less the commission as if the session had taken place; the other attendees are refunded. One
 * transaction; then everyone is told.
 */
export class CancellationService {
  constructor(
    private readonly db: Db,
    private readonly env: CancellationEnv,
    private readonly sessions: SessionsService,
    private readonly channels: CancellationChannels,
    private readonly reactions: CancellationReactions,
  ) {}

  async policy(caller: CurrentUser, sessionId: number, now = new Date()): Promise<CancellationPolicy> {
    const { record } = await this.sessions.findReadable(caller, sessionId);
    const by = cancellerOf(record, caller);
    const participants = await new SessionsRepository(this.db).findParticipants([sessionId]);
    const paidShares = participants.filter((p) => p.paymentStatus === 'PAID' && p.amount > 0);
    // Less what an operator refunded of a share already (issue 25): that is no longer held for it.
    const operatorRefunds = new OperatorRefundsRepository(this.db);
    const held = async (share: (typeof paidShares)[number]) =>
      Math.max(0, share.amount - (await operatorRefunds.takenFromEscrow(share.id)));
    const ownShare = paidShares.find((p) => p.adviseeId === caller.id);
    let paid = 0;
    for (const share of by === 'ADVISOR' ? paidShares : ownShare ? [ownShare] : []) paid += await held(share);
    const hours = this.env.CANCEL_FULL_REFUND_HOURS;
    // A group whose host is asked to cover its price cancels with everyone refunded in full (issue 20).
    const coverDue = await new GroupCoverRepository(this.db).isDue(sessionId);
    const fullRefund =
      coverDue || refundsInFull(by ?? 'ADVISEE', record.startsAt, now, hours, record.fullRefundUntil);
    const isOpen = isHoldingSlot(effectiveStatus(record, now)) && record.startsAt > now;
    const problem = !by ? paymentMessages.cancelNotAllowed : !isOpen ? paymentMessages.cancelInactive : null;
    const refund = fullRefund ? paid : 0;
    const own = participants.find((p) => p.adviseeId === caller.id);
    const option =
      by === 'ADVISEE' && own && refund > 0
        ? await refundOptionOf(this.db, { participantId: own.id, userId: caller.id, refund })
        : null;
    const mpesaRefund =
      option?.kind === 'MPESA'
        ? {
            amount: option.amount,
            phoneNumber: option.phoneNumber,
            destination: await new MpesaRefundsRepository(this.db).preference(caller.id),
          }
        : null;
    const refundNote =
      option?.kind === 'CARD'
        ? refundMessages.cardToWallet
        : option?.kind === 'UNPROVEN_NUMBER'
          ? refundMessages.unprovenPayer(option.phoneNumber)
          : null;
    return {
      mpesaRefund,
      refundNote,
      canCancel: problem === null,
      problem,
      fullRefund,
      paid,
      refund,
      fullRefundUntil: fullRefundUntilOf(record.startsAt, hours, record.fullRefundUntil).toISOString(),
      fullRefundHours: hours,
      text: cancellationPolicyText({ by: by ?? 'ADVISEE', fullRefund, paid, refund, fullRefundHours: hours }),
    };
  }

  async cancel(
    caller: CurrentUser,
    input: { sessionId: number; reason: string; refundTo?: RefundDestination },
  ): Promise<CancellationResult> {
    const reason = input.reason.trim();
    if (reason === '') throw invalid(paymentMessages.giveReason);
    const { record } = await this.sessions.findReadable(caller, input.sessionId);
    const by = cancellerOf(record, caller);
    if (!by) throw forbidden(paymentMessages.cancelNotAllowed);

    return withRetries(() => this.cancelOnce(caller, record, by, reason, { refundTo: input.refundTo }));
  }

  /**
   * An admin cancels for the platform, as the mentor's cancellation would: every paid share back in full.
   * People are told MyProsper cancelled it; `inTransaction` runs inside the cancellation's transaction (the
   * admin's audit row commits with it, or neither does).
   */
  async cancelForPlatform(
    admin: CurrentUser,
    input: { sessionId: number; reason: string },
    inTransaction?: (tx: DbOrTx, result: CancellationResult) => Promise<void>,
  ): Promise<CancellationResult> {
    const reason = input.reason.trim();
    if (reason === '') throw invalid(paymentMessages.giveReason);
    const record = await new SessionsRepository(this.db).findRecord(input.sessionId);
    if (!record) throw notFound(sessionMessages.sessionNotFound);
    return withRetries(() =>
      this.cancelOnce(admin, record, 'ADVISOR', reason, { cancellerName: 'MyProsper', inTransaction }),
    );
  }

  /**
   * A group whose host did not cover its price by the time asked (group-cover.service.ts): cancelled for the
   * platform, everyone refunded in full. Answers null, changing nothing, if under the session's lock the cover
   * is no longer due (paid, or a second attendee paid meanwhile) or the session is no longer open.
   */
  async cancelUncoveredGroup(sessionId: number): Promise<CancellationResult | null> {
    const record = await new SessionsRepository(this.db).findRecord(sessionId);
    if (!record) return null;
    const host: CurrentUser = { id: record.host.id, role: 'ADVISEE', signInId: null, phoneVerified: false };
    try {
      return await withRetries(() =>
        this.cancelOnce(host, record, 'ADVISEE', groupCoverMessages.cancelledReason, {
          cancellerName: 'MyProsper',
          onlyIfCoverDue: true,
        }),
      );
    } catch (error) {
      if (error instanceof CoverNoLongerDue) return null;
      throw error;
    }
  }

  /**
   * Every paid mentee declined the mentor's proposed move (issue 20): the session is cancelled as the
   * mentor's cancellation would be, every paid share back in full, everyone told. `inTransaction` records the
   * answer in the same transaction (and may refuse, which undoes it all).
   */
  async cancelAfterDeclinedMove(
    record: SessionRecord,
    reason: string,
    inTransaction: (tx: DbOrTx) => Promise<void>,
  ): Promise<CancellationResult> {
    const mentor = { id: record.advisor.id } as CurrentUser;
    return withRetries(() =>
      this.cancelOnce(mentor, record, 'ADVISOR', reason, {
        cancellerName: record.advisor.name,
        inTransaction: (tx) => inTransaction(tx),
      }),
    );
  }

  /**
   * A paid mentee declined a proposed move while others may still take it (issue 20): their own share back
   * in full the way it was paid, and they leave the session. Runs in the caller's transaction, the session
   * and its participants locked. Answers what was refunded (0 when nothing was paid).
   */
  async refundDecliner(
    tx: DbOrTx,
    input: { sessionId: number; participantId: number; now: Date },
  ): Promise<number> {
    const repository = new SessionMoneyRepository(tx);
    const session = await repository.lockSession(input.sessionId);
    if (!session) throw notFound(sessionMessages.sessionNotFound);
    const participant = (await repository.lockParticipants(session.id)).find(
      (p) => p.id === input.participantId,
    );
    if (!participant) throw notFound(sessionMessages.sessionNotFound);
    const { total } = await refundPaidShares(tx, {
      session,
      participants: [participant],
      reference: `refund:${session.id}:declined-move:${participant.id}`,
      memo: `Refund: declined the new time of session ${session.reference}`,
      now: input.now,
      vouchers: this.reactions.vouchers,
    });
    await repository.releaseDecliner(participant.id);
    return total;
  }

  private async cancelOnce(
    caller: CurrentUser,
    record: SessionRecord,
    by: Canceller,
    reason: string,
    options: {
      cancellerName?: string;
      inTransaction?: (tx: DbOrTx, result: CancellationResult) => Promise<void>;
      /** Only while the group's cover is due (its lapse), else CoverNoLongerDue and nothing changes. */
      onlyIfCoverDue?: boolean;
      /** The caller's choice for their refund of an M-PESA payment, saved as their default too. */
      refundTo?: RefundDestination;
    } = {},
  ): Promise<CancellationResult> {
    const now = new Date();
    const hours = this.env.CANCEL_FULL_REFUND_HOURS;
    const outcome = await this.db.transaction(async (tx) => {
      const repository = new SessionMoneyRepository(tx);
      const session = await repository.lockSession(record.id);
      if (!session) throw notFound(sessionMessages.sessionNotFound);
      const wasConfirmed = session.status === 'CONFIRMED';
      // A lapsed cover may be due at the start itself (a group booked at short notice), and the job may run
      // late: an uncovered group had no call and is never settled, so it is cancelled whenever its cover lapsed.
      const closed = options.onlyIfCoverDue ? false : session.startsAt <= now;
      if (!isHoldingSlot(effectiveStatus(session, now)) || closed) {
        throw invalid(paymentMessages.cancelInactive);
      }
      const participants = await repository.lockParticipants(session.id);
      // A group whose host is asked to cover its price cancels with everyone refunded in full (issue 20).
      const coverDue = await new GroupCoverRepository(tx).isDue(session.id);
      if (options.onlyIfCoverDue && !coverDue) throw new CoverNoLongerDue();
      const fullRefund = coverDue || refundsInFull(by, session.startsAt, now, hours, session.fullRefundUntil);
      // Every paid share back the way it was paid; a late cancellation by the host forfeits the host's own.
      const {
        refunds,
        total: refundedTotal,
        kept: forfeited,
        mpesaRefundIds,
      } = await refundPaidShares(tx, {
        session,
        participants,
        reference: `refund:${session.id}`,
        memo: `Refund: session ${session.reference}`,
        now,
        keep: (participant) => !fullRefund && participant.isHost,
        vouchers: this.reactions.vouchers,
        refundTo: options.refundTo ? new Map([[caller.id, options.refundTo]]) : undefined,
      });
      if (options.refundTo) {
        await new MpesaRefundsRepository(tx).savePreference(caller.id, options.refundTo, now);
      }
      let mentorEarnings = 0;
      if (forfeited > 0) {
        const settlement = await settleToMentor(tx, {
          session,
          paid: forfeited,
          percent: this.env.PLATFORM_COMMISSION_PERCENT,
          memo: `Earnings: late cancellation of session ${session.reference}`,
        });
        mentorEarnings = settlement.earnings;
      }
      await repository.cancelSession(session.id, now);
      // An open call room ends as this commits, not at its next periodic check.
      await this.reactions.sessionCancelled(tx, session.id);
      await repository.recordCancellation({
        sessionId: session.id,
        cancelledBy: caller.id,
        role: by,
        reason,
        fullRefund,
        refunded: refundedTotal,
        forfeited,
      });
      const described = await repository.describeSession(session.id);
      const cancellerName =
        options.cancellerName ?? (await repository.userName(caller.id)) ?? 'a participant';
      await options.inTransaction?.(tx, { refundedToYou: 0, refundedTotal, forfeited });
      return {
        mpesaRefundIds,
        participants,
        refunds,
        forfeited,
        refundedTotal,
        mentorEarnings,
        wasConfirmed,
        described,
        cancellerName,
        startsAt: session.startsAt,
      };
    });

    await this.reactions.mpesaRefunds?.dispatch(outcome.mpesaRefundIds);
    const people: NoticePerson[] = outcome.participants.flatMap((p) => {
      const addresses = noticeAddresses(p);
      return addresses ? [{ ...addresses, money: moneyOf(p) }] : [];
    });
    function moneyOf(p: (typeof outcome.participants)[number]): NoticePerson['money'] {
      return outcome.refunds.has(p.id)
        ? { kind: 'REFUNDED', ...outcome.refunds.get(p.id)! }
        : p.paymentStatus === 'PAID' && p.amount > 0 && p.isHost
          ? { kind: 'FORFEITED', amount: p.amount }
          : { kind: 'UNPAID' };
    }
    // Mentors hear of sessions once confirmed, so only then of their cancellation.
    if (outcome.wasConfirmed && outcome.described) {
      people.push({
        name: record.advisor.name,
        email: outcome.described.mentorEmail,
        phone: outcome.described.mentorPhone,
        money: { kind: 'MENTOR', earnings: outcome.mentorEarnings },
      });
    }
    await sendCancellationNotices(
      people,
      {
        reference: record.reference,
        topic: record.topic.name,
        startsAt: outcome.startsAt,
        timeZone: this.env.TIME_ZONE,
        mentorName: record.advisor.name,
        hostName: record.host.name,
        cancellerName: outcome.cancellerName,
        reason,
        fullRefundHours: this.env.CANCEL_FULL_REFUND_HOURS,
        publicUrl: this.env.PUBLIC_URL,
      },
      { mailer: this.channels.mailer, sms: this.channels.sms(), log: this.channels.log },
    );

    const own = outcome.participants.find((p) => p.adviseeId === caller.id);
    const toMpesa = own ? (outcome.refunds.get(own.id)?.mpesa?.amount ?? 0) : 0;
    return {
      refundedToYou: own ? (outcome.refunds.get(own.id)?.amount ?? 0) : 0,
      refundedTotal: outcome.refundedTotal,
      forfeited: outcome.forfeited,
      // Said only when some of it is on its way to M-PESA.
      ...(toMpesa > 0 ? { toMpesa } : {}),
    };
  }
}
