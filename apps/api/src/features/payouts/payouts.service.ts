import { randomUUID } from 'node:crypto';
import { maskTail } from '@myprosper/contract/advisor-settings';
import { disbursementFailureReason } from '@myprosper/contract/mpesa-disbursements';
import { splitEarnings } from '@myprosper/contract/payments';
import {
  type AdminPayoutRun,
  type MentorEarnings,
  type MentorPayout,
  payoutMessages,
} from '@myprosper/contract/payouts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { pgErrorOf, uniqueViolation } from '../../db/database-errors.ts';
import type { Mailer } from '../../providers/mail.ts';
import type { SmsSender } from '../../providers/sms.ts';
import type { MpesaDisbursements, MpesaOutcome, MpesaRequestRow } from '../payments/payments.door.ts';
import { InsufficientFundsError, postTransaction } from '../wallet/wallet.door.ts';
import { type MentorPayoutRow, PayoutsRepository } from './payouts.repository.ts';

/** The Daraja core's purpose of mentor payouts: its results come back to `settle`. */
export const payoutPurpose = 'payout';

/** M-PESA's answer to a payout: paid with its receipt, or not paid (its result code and the reason in words). */
export type PayoutOutcome =
  | { paid: true; receipt: string }
  | { paid: false; resultCode: string; reason: string };

export interface PayoutSettlement {
  /** Tells the mentor (SMS and e-mail); call once the transaction has committed. */
  notify(): Promise<void>;
}

export interface PayoutsDeps {
  db: Db;
  /** The Daraja B2C core (payments' MpesaDisbursements): records, sends and settles each request once. */
  disbursements: Pick<MpesaDisbursements, 'prepare' | 'send' | 'onOutcome'>;
  /** Settles the sessions whose hold is over (payments' earnings job), so a run pays what is due now. */
  settleDue: () => Promise<number>;
  channels: { mailer: Mailer; sms: () => SmsSender | null; log: FastifyBaseLogger };
  settings: { minimum: number; holdHours: number; commissionPercent: number };
  now: () => Date;
}

const nothingToTell: PayoutSettlement = { notify: async () => {} };

/**
 * Mentors paid to M-PESA (issue 21, docs/decisions/014): a run sends each mentor who prefers M-PESA to a
 * proven number their wallet balance (payable) when it reaches the minimum, one B2C request per mentor per run.
 * The request is recorded first, in one transaction with its ledger move (wallet → PAYOUTS_IN_FLIGHT), then
 * sent; M-PESA's result settles it (PAYOUTS_IN_FLIGHT → PAYOUTS, or back to the wallet with the reason).
 * Never twice: the run's key is unique, a mentor has one payout per run and one in flight at a time, and the
 * wallet is locked and cannot go below zero.
 */
export class PayoutsService {
  /** Outcomes' notices, by request id, from the transaction that settles them to the moment after it commits. */
  private readonly notices = new Map<number, PayoutSettlement>();

  constructor(private readonly deps: PayoutsDeps) {
    deps.disbursements.onOutcome(
      payoutPurpose,
      async (tx, request, outcome) => {
        this.notices.set(request.id, await this.settle(tx, request.reference, outcomeOf(outcome)));
      },
      async (request) => {
        const notice = this.notices.get(request.id);
        this.notices.delete(request.id);
        await notice?.notify();
      },
    );
  }

  /** Runs the payouts of `runKey` (a second start of the same key pays nobody twice). */
  async run(input: {
    trigger: 'SCHEDULE' | 'ADMIN';
    runKey?: string;
    startedBy?: number;
  }): Promise<AdminPayoutRun> {
    await this.deps.settleDue();
    const runKey = input.runKey ?? `${input.trigger.toLowerCase()}:${randomUUID()}`;
    const repository = new PayoutsRepository(this.deps.db);
    const minimum = this.deps.settings.minimum;
    const insertedId = await repository.insertRun({
      runKey,
      trigger: input.trigger,
      startedBy: input.startedBy ?? null,
      minimum,
      startedAt: this.deps.now(),
    });
    const run = insertedId === null ? await repository.runByKey(runKey) : null;
    const runId = insertedId ?? run!.id;
    // A run started again (same key) goes on with the mentors it has not paid: each has one payout per run.
    for (const candidate of await repository.payableMentors(run?.minimum ?? minimum)) {
      const payout = await this.recordPayout(runId, candidate.mentorId, run?.minimum ?? minimum);
      if (payout) await this.send(payout);
    }
    await repository.finishRun(runId, this.deps.now());
    return toRun((await repository.runSummary(runId))!);
  }

  /** The weekly run: its key names the hour it fired, so two instances firing together make one run. */
  runScheduled(): Promise<AdminPayoutRun> {
    const hour = this.deps.now().toISOString().slice(0, 13);
    return this.run({ trigger: 'SCHEDULE', runKey: `schedule:${hour}` });
  }

  /**
   * Moves the mentor's whole balance into flight and records the payout, in one transaction (wallet locked).
   * Null when there is nothing to send: below the minimum, no proven number, already paid in this run, or a
   * payout still in flight.
   */
  private async recordPayout(
    runId: number,
    mentorId: number,
    minimum: number,
  ): Promise<MpesaRequestRow | null> {
    try {
      return await this.deps.db.transaction(async (tx) => {
        const repository = new PayoutsRepository(tx);
        const balance = await repository.lockWalletBalance(mentorId);
        if (balance < minimum) return null;
        if (await repository.hasPayoutInRun(runId, mentorId)) return null;
        if (await repository.hasPayoutInFlight(mentorId)) return null;
        const phone = await repository.provenPayoutNumber(mentorId);
        if (!phone) return null;
        const reference = `payout:${runId}:${mentorId}`;
        const posted = await postTransaction(tx, {
          kind: 'PAYOUT_SENT',
          reference: `mpesa-payout:${reference}`,
          memo: `Payout to M-PESA ${maskTail(phone)}`,
          lines: [
            { account: { wallet: mentorId }, amount: -balance },
            { account: { platform: 'PAYOUTS_IN_FLIGHT' }, amount: balance },
          ],
        });
        await repository.insertPayout({
          runId,
          mentorId,
          amount: balance,
          phoneNumber: phone,
          reference,
          sentTransactionId: posted.transactionId,
          createdAt: this.deps.now(),
        });
        // The B2C request is written with the payout, so a crash before it is sent loses nothing: the core's
        // status check finds it.
        return this.deps.disbursements.prepare(tx, {
          kind: 'B2C',
          purpose: payoutPurpose,
          reference,
          phone,
          amount: balance,
          remarks: `MyProsper payout ${runId}-${mentorId}`,
        });
      });
    } catch (error) {
      const info = pgErrorOf(error);
      // Another start of this run, or another run, took this mentor first: nothing was written here.
      if (error instanceof InsufficientFundsError || info?.code === uniqueViolation) return null;
      throw error;
    }
  }

  /**
   * Sends a recorded payout. A failure to reach M-PESA leaves it in flight: the core's Transaction Status
   * check settles it, so money is never sent twice on a guess.
   */
  private async send(request: MpesaRequestRow): Promise<void> {
    try {
      await this.deps.disbursements.send(request);
    } catch (error) {
      this.deps.channels.log.error(
        { err: error, payout: request.reference },
        'a payout request was not taken',
      );
    }
  }

  /**
   * M-PESA's result for a payout, in the caller's transaction (the Daraja core's, which records the result):
   * paid → PAYOUTS_IN_FLIGHT to PAYOUTS with the receipt; not paid → back to the mentor's wallet with the
   * reason. A result for a payout already settled (a second or late result) changes nothing.
   */
  async settle(tx: DbOrTx, reference: string, outcome: PayoutOutcome): Promise<PayoutSettlement> {
    const repository = new PayoutsRepository(tx);
    const payout = await repository.lockPayoutByReference(reference);
    if (!payout || payout.status !== 'IN_FLIGHT') return nothingToTell;
    const at = this.deps.now();
    if (outcome.paid) {
      const posted = await postTransaction(tx, {
        kind: 'PAYOUT',
        reference: `mpesa-payout-paid:${reference}`,
        memo: `Payout ${reference}: M-PESA receipt ${outcome.receipt}`,
        lines: [
          { account: { platform: 'PAYOUTS_IN_FLIGHT' }, amount: -payout.amount },
          { account: { platform: 'PAYOUTS' }, amount: payout.amount },
        ],
      });
      await repository.markPaid(payout.id, {
        receipt: outcome.receipt,
        transactionId: posted.transactionId,
        at,
      });
      return this.notice(
        tx,
        payout,
        payoutMessages.paidSubject,
        payoutMessages.paidText(payout.amount, outcome.receipt),
      );
    }
    const reason = outcome.reason;
    const posted = await postTransaction(tx, {
      kind: 'PAYOUT_RETURNED',
      reference: `mpesa-payout-failed:${reference}`,
      memo: `Payout ${reference} did not go through: ${reason}`,
      lines: [
        { account: { platform: 'PAYOUTS_IN_FLIGHT' }, amount: -payout.amount },
        { account: { wallet: payout.mentorId }, amount: payout.amount },
      ],
    });
    await repository.markFailed(payout.id, {
      resultCode: outcome.resultCode,
      reason,
      transactionId: posted.transactionId,
      at,
    });
    return this.notice(
      tx,
      payout,
      payoutMessages.failedSubject,
      payoutMessages.failedText(payout.amount, reason),
    );
  }

  /** An e-mail to the mentor and an SMS to the number paid (proven, so theirs), sent after the commit. */
  private async notice(
    tx: DbOrTx,
    payout: MentorPayoutRow,
    subject: string,
    text: string,
  ): Promise<PayoutSettlement> {
    const contact = await new PayoutsRepository(tx).mentorContact(payout.mentorId);
    const { mailer, sms, log } = this.deps.channels;
    return {
      notify: async () => {
        const first = contact?.name.split(' ')[0] || 'there';
        const jobs: Promise<unknown>[] = [];
        if (contact)
          jobs.push(mailer.send({ to: contact.email, subject, text: `Hello ${first},\n\n${text}` }));
        const sender = sms();
        if (sender) jobs.push(sender.send({ to: payout.phoneNumber, text }));
        for (const result of await Promise.allSettled(jobs)) {
          if (result.status === 'rejected') log.error({ err: result.reason }, 'a payout notice was not sent');
        }
      },
    };
  }

  /** The mentor's wallet page: pending, payable, in flight and paid, and their payouts. */
  async earnings(mentorId: number): Promise<MentorEarnings> {
    const repository = new PayoutsRepository(this.deps.db);
    const now = this.deps.now();
    const [held, totals, method, rows, payable] = await Promise.all([
      repository.heldEscrows(mentorId, now),
      repository.payoutTotals(mentorId),
      repository.preferredMethod(mentorId),
      repository.payoutsOf(mentorId, 50),
      repository.walletBalance(mentorId),
    ]);
    const { commissionPercent, holdHours, minimum } = this.deps.settings;
    const pendingSessions = held.map((session) => ({
      sessionId: session.sessionId,
      reference: session.reference,
      amount: splitEarnings(session.held, commissionPercent).earnings,
      endedAt: session.endsAt.toISOString(),
      payableAt: session.disputed
        ? null
        : new Date(session.endsAt.getTime() + holdHours * 3_600_000).toISOString(),
      disputed: session.disputed,
    }));
    return {
      pending: pendingSessions.reduce((sum, session) => sum + session.amount, 0),
      pendingSessions,
      payable,
      inFlight: totals.inFlight,
      paid: totals.paid,
      payoutMethod: method,
      holdHours,
      minimum,
      payouts: rows.map(toMentorPayout),
    };
  }

  /** The latest runs and their payouts, for admins. */
  async latestRuns() {
    const repository = new PayoutsRepository(this.deps.db);
    const runs = await repository.latestRuns(20);
    const payouts = await repository.payoutsOfRuns(runs.map((run) => run.id));
    return {
      runs: runs.map(toRun),
      payouts: payouts.map(({ payout, mentorName }) => ({
        ...toMentorPayout(payout),
        runId: payout.runId,
        mentor: { id: payout.mentorId, name: mentorName },
      })),
    };
  }
}

function outcomeOf(outcome: MpesaOutcome): PayoutOutcome {
  if (outcome.state === 'SUCCEEDED' && outcome.receipt) return { paid: true, receipt: outcome.receipt };
  return {
    paid: false,
    resultCode: outcome.resultCode ?? 'REFUSED',
    reason: outcome.reason ?? disbursementFailureReason(outcome.resultCode),
  };
}

function toMentorPayout(row: MentorPayoutRow): MentorPayout {
  return {
    id: row.id,
    amount: row.amount,
    status: row.status as MentorPayout['status'],
    phoneNumber: maskTail(row.phoneNumber),
    receipt: row.receipt,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

type RunRow = NonNullable<Awaited<ReturnType<PayoutsRepository['runSummary']>>>;

function toRun(row: RunRow): AdminPayoutRun {
  return {
    id: row.id,
    trigger: row.trigger as AdminPayoutRun['trigger'],
    minimum: row.minimum,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    startedBy: row.startedBy,
    payouts: row.payouts,
    paid: row.paid,
    failed: row.failed,
    inFlight: row.inFlight,
    amount: row.amount,
  };
}
