import { randomBytes } from 'node:crypto';
import {
  disbursementFailureReason,
  type MpesaBalance,
  mpesaBalanceMessages,
} from '@myprosper/contract/mpesa-disbursements';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db, DbOrTx } from '../../db/connection.ts';
import {
  type AccountBalanceLine,
  type DarajaResult,
  type DarajaResultsClient,
  isDefiniteRefusal,
  mpesaResultUrls,
  parseAccountBalance,
  parseDarajaResult,
  type ResultAck,
} from '../../providers/mpesa-results.ts';
import { type MpesaOutcome, namesRequest, outcomeOfResult, statusOutcome } from './mpesa-outcomes.ts';
import { type MpesaRequestRow, MpesaRequestsRepository } from './mpesa-requests.repository.ts';

export type { MpesaOutcome };

type DisbursementsEnv = Pick<
  Env,
  'MPESA_CALLBACK_BASE_URL' | 'PUBLIC_URL' | 'MPESA_RESULTS_CHECK_AFTER_SECONDS' | 'MPESA_SHORTCODE'
>;

export type { MpesaRequestRow };

/**
 * Runs inside the transaction that records the outcome: a ledger posting made here commits with the state
 * change, once (a second result for a settled request never reaches it). Throwing rolls both back; the
 * request then stays open and the status check settles it later.
 */
export type OutcomeHandler = (tx: DbOrTx, request: MpesaRequestRow, outcome: MpesaOutcome) => Promise<void>;
/** Runs after that transaction committed (messages); a failure is logged, never undoes the outcome. */
export type AfterOutcome = (request: MpesaRequestRow, outcome: MpesaOutcome) => Promise<void>;

export interface B2cRequestInput {
  kind: 'B2C';
  /** Whose handler settles it: 'payout', 'refund', 'withdrawal', … */
  purpose: string;
  /** The business's idempotency key ('payout:17'): the same reference never requests twice. */
  reference: string;
  /** A verified number of the person paid, 2547XXXXXXXX. */
  phone: string;
  /** Whole KES, 10 to 250,000. */
  amount: number;
  /** 2 to 100 characters, shown in the M-PESA statement. */
  remarks: string;
  occasion?: string;
}

export interface ReversalInput {
  purpose: string;
  reference: string;
  /** The C2B/STK receipt to give back, whole. */
  receipt: string;
  amount: number;
  remarks?: string;
}

export interface StatusCheckInput {
  purpose: string;
  reference: string;
  /** A receipt (e.g. a typed Paybill code) … */
  receipt?: string;
  /** … or one of our B2C OriginatorConversationIDs. */
  originatorConversationId?: string;
  /** The shortcode the transaction belongs to (default: the B2C one; a Paybill code: MPESA_SHORTCODE). */
  partyA?: string;
}

/** What a Result or timeout POST did; the route answers 200 whatever it says. */
export type ResultVerdict =
  | 'APPLIED'
  | 'TIMEOUT_RECORDED'
  | 'NOT_A_RESULT'
  | 'UNKNOWN_TOKEN'
  | 'MISMATCH'
  | 'ALREADY_FINAL';

const openStates: ReadonlySet<MpesaRequestRow['state']> = new Set(['REQUESTED', 'ACCEPTED', 'UNKNOWN']);

/** How long an Account Balance answer is waited for before the check counts as unanswered (no retry comes). */
const balanceAnswerWaitMs = 2 * 60_000;

/** A B2C OriginatorConversationID: 'MPX' + 20 random characters (≤ 25 of [A-Za-z0-9_-]). */
function newOriginatorId(): string {
  return `MPX${randomBytes(15).toString('base64url')}`;
}

/**
 * Money out through M-PESA: B2C payments, reversals, and the Transaction Status and Account Balance checks
 * behind them. Every request is a row written before its HTTP call, unique by the business's reference;
 * its result (or a status check's answer) settles it once, with the purpose's handler in the same
 * transaction. A request with no result is never sent again: the status job asks Daraja what became of it.
 */
export class MpesaDisbursements {
  private readonly handlers = new Map<string, { settle: OutcomeHandler; after?: AfterOutcome }>();

  constructor(
    private readonly db: Db,
    private readonly env: DisbursementsEnv,
    private readonly client: DarajaResultsClient,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** What settles the requests of a purpose (one handler per purpose; registered while the app is built). */
  onOutcome(purpose: string, settle: OutcomeHandler, after?: AfterOutcome): void {
    if (this.handlers.has(purpose)) throw new Error(`an M-PESA outcome handler for ${purpose} exists`);
    this.handlers.set(purpose, { settle, after });
  }

  /**
   * Writes a B2C request inside the caller's transaction (with the ledger movement it belongs to), without
   * calling Daraja: `send` it after the commit. The existing row when the reference was used before.
   */
  async prepare(tx: DbOrTx, input: B2cRequestInput): Promise<MpesaRequestRow> {
    if (!Number.isSafeInteger(input.amount) || input.amount < 10 || input.amount > 250_000) {
      throw new RangeError(`a B2C payment is a whole 10 to 250,000 KES, got ${input.amount}`);
    }
    if (!/^254[17]\d{8}$/.test(input.phone)) throw new RangeError(`not an M-PESA number: ${input.phone}`);
    const repository = new MpesaRequestsRepository(tx);
    const row = await repository.insert({
      kind: 'B2C',
      purpose: input.purpose,
      reference: input.reference,
      originatorConversationId: newOriginatorId(),
      callbackToken: randomBytes(32).toString('base64url'),
      phone: input.phone,
      amount: input.amount,
      remarks: input.remarks,
    });
    return row ?? (await this.existing(repository, input.reference, 'B2C'));
  }

  /** A B2C payment: written, then sent. Idempotent by reference: a known reference is answered, not sent. */
  async request(input: B2cRequestInput): Promise<MpesaRequestRow> {
    const before = await new MpesaRequestsRepository(this.db).findByReference(input.reference);
    if (before) return this.sameKindOrThrow(before, 'B2C');
    const row = await this.db.transaction((tx) => this.prepare(tx, input));
    return this.send(row);
  }

  /** Reverses a paybill/STK payment (whole). Idempotent by reference. */
  async reverse(input: ReversalInput): Promise<MpesaRequestRow> {
    const repository = new MpesaRequestsRepository(this.db);
    const row = await repository.insert({
      kind: 'REVERSAL',
      purpose: input.purpose,
      reference: input.reference,
      callbackToken: randomBytes(32).toString('base64url'),
      amount: input.amount,
      originalReceipt: input.receipt,
      remarks: input.remarks ?? `Refund ${input.reference}`.slice(0, 100),
    });
    if (!row) return this.existing(repository, input.reference, 'REVERSAL');
    return this.send(row);
  }

  /**
   * Asks Transaction Status about a receipt or one of our originator ids; its answer comes to the purpose's
   * handler (outcome.parameters hold ReceiptNo, TransactionStatus, Amount …). Idempotent by reference.
   */
  async checkStatus(input: StatusCheckInput): Promise<MpesaRequestRow> {
    if (!input.receipt && !input.originatorConversationId) {
      throw new RangeError('a status check needs a receipt or an originator id');
    }
    const repository = new MpesaRequestsRepository(this.db);
    const row = await repository.insert({
      kind: 'STATUS',
      purpose: input.purpose,
      reference: input.reference,
      callbackToken: randomBytes(32).toString('base64url'),
      originalReceipt: input.receipt ?? input.originatorConversationId ?? null,
      remarks: 'Status check',
    });
    if (!row) return this.existing(repository, input.reference, 'STATUS');
    return this.send(row, {
      partyA: input.partyA,
      receipt: input.receipt,
      originator: input.originatorConversationId,
    });
  }

  /** Asks for the B2C account's balance (the answer is kept; `latestBalance` reads it). */
  async requestBalance(reference = `balance:${new Date().toISOString()}`): Promise<MpesaRequestRow> {
    const repository = new MpesaRequestsRepository(this.db);
    const row = await repository.insert({
      kind: 'BALANCE',
      purpose: 'balance',
      reference,
      callbackToken: randomBytes(32).toString('base64url'),
      remarks: 'Balance check',
    });
    if (!row) return this.existing(repository, reference, 'BALANCE');
    return this.send(row);
  }

  /** The accounts of the latest Account Balance answer, and when it came. */
  async latestBalance(): Promise<{ accounts: AccountBalanceLine[]; checkedAt: Date | null }> {
    const row = await new MpesaRequestsRepository(this.db).latestBalance();
    const text = row?.resultParameters?.AccountBalance;
    return {
      accounts: typeof text === 'string' ? parseAccountBalance(text) : [],
      checkedAt: row?.completedAt ?? null,
    };
  }

  /**
   * The B2C account's balance as admins see it: the latest answer, whether a newer check is on its way, and
   * why the newest check failed (refused, a failure result, or no answer within `balanceAnswerWaitMs`).
   */
  async balanceStatus(now = new Date()): Promise<MpesaBalance> {
    const repository = new MpesaRequestsRepository(this.db);
    const [latest, newest] = await Promise.all([this.latestBalance(), repository.newestBalanceRequest()]);
    const open = newest !== null && openStates.has(newest.state);
    const waiting = open && now.getTime() - newest.createdAt.getTime() < balanceAnswerWaitMs;
    let problem: string | null = null;
    if (newest?.state === 'FAILED')
      problem = mpesaBalanceMessages.failed(newest.resultDesc ?? newest.failureReason ?? 'no reason given');
    else if (open && !waiting) problem = mpesaBalanceMessages.noAnswer;
    return {
      accounts: latest.accounts,
      checkedAt: latest.checkedAt?.toISOString() ?? null,
      requested: waiting,
      problem,
    };
  }

  /**
   * Asks M-PESA for the B2C account's balance now, unless a check is already on its way (two presses ask
   * once); its answer is read with `balanceStatus`.
   */
  async askBalance(now = new Date()): Promise<{ asked: boolean; status: MpesaBalance }> {
    const before = await this.balanceStatus(now);
    if (before.requested) return { asked: false, status: before };
    await this.requestBalance(`balance:${now.toISOString()}`);
    return { asked: true, status: await this.balanceStatus(now) };
  }

  async find(reference: string): Promise<MpesaRequestRow | null> {
    return new MpesaRequestsRepository(this.db).findByReference(reference);
  }

  private async existing(
    repository: MpesaRequestsRepository,
    reference: string,
    kind: MpesaRequestRow['kind'],
  ): Promise<MpesaRequestRow> {
    const row = await repository.findByReference(reference);
    if (!row) throw new Error(`M-PESA request ${reference} vanished`);
    return this.sameKindOrThrow(row, kind);
  }

  private sameKindOrThrow(row: MpesaRequestRow, kind: MpesaRequestRow['kind']): MpesaRequestRow {
    if (row.kind !== kind) throw new Error(`M-PESA request ${row.reference} is a ${row.kind}, not a ${kind}`);
    return row;
  }

  /**
   * Calls Daraja for a written request still REQUESTED (after `prepare`, or from `request`). An ack makes it
   * ACCEPTED; a definite refusal settles it FAILED (nothing was queued); no answer leaves it REQUESTED for the
   * status job (it may have been queued: never sent again). Answers the row as it stands.
   */
  async send(
    row: MpesaRequestRow,
    status: { partyA?: string; receipt?: string; originator?: string } = {},
  ): Promise<MpesaRequestRow> {
    if (row.state !== 'REQUESTED' || row.acceptedAt !== null) return row;
    const urls = mpesaResultUrls(this.env, row.callbackToken);
    let ack: ResultAck;
    try {
      switch (row.kind) {
        case 'B2C':
          ack = await this.client.b2cPayment({
            ...urls,
            originatorConversationId: row.originatorConversationId!,
            phone: row.phone!,
            amount: row.amount!,
            remarks: row.remarks,
          });
          break;
        case 'REVERSAL':
          ack = await this.client.reversal({
            ...urls,
            receipt: row.originalReceipt!,
            amount: row.amount!,
            remarks: row.remarks,
          });
          break;
        case 'STATUS':
          ack = await this.client.transactionStatus({
            ...urls,
            receipt: status.receipt,
            originatorConversationId: status.originator,
            partyA: status.partyA,
          });
          break;
        case 'BALANCE':
          ack = await this.client.accountBalance(urls);
          break;
      }
    } catch (error) {
      if (isDefiniteRefusal(error)) {
        this.log.warn({ err: error, request: row.reference }, 'M-PESA refused a request');
        await this.settleWith(row.id, {
          state: 'FAILED',
          resultCode: null,
          resultDesc: (error as Error).message.slice(0, 300),
          receipt: null,
          amount: null,
          reason: disbursementFailureReason(null),
          parameters: {},
          via: 'REFUSED',
        });
      } else {
        this.log.warn(
          { err: error, request: row.reference },
          'M-PESA request without an answer: left for the status check',
        );
      }
      return (await new MpesaRequestsRepository(this.db).find(row.id)) ?? row;
    }
    await new MpesaRequestsRepository(this.db).markAccepted(row.id, ack, new Date());
    return (await new MpesaRequestsRepository(this.db).find(row.id)) ?? row;
  }

  /**
   * A Result (or, with `timedOut`, a queue timeout) POSTed to the path token of one request. Applied only to
   * an open request whose ids it names; at most once.
   */
  async handleResult(token: string, body: unknown, timedOut: boolean): Promise<ResultVerdict> {
    const result = parseDarajaResult(body);
    if (!result) return this.verdict('NOT_A_RESULT', token);
    const afterCommit: Array<() => Promise<void>> = [];
    const verdict = await this.db.transaction(async (tx): Promise<ResultVerdict> => {
      const repository = new MpesaRequestsRepository(tx);
      const row = await repository.lockByToken(token);
      if (!row) return 'UNKNOWN_TOKEN';
      if (!namesRequest(row, result)) return 'MISMATCH';
      if (!openStates.has(row.state)) return 'ALREADY_FINAL';
      if (row.acceptedAt === null) await repository.fillIds(row.id, result);
      const now = new Date();
      if (timedOut) {
        await repository.markUnknown(row.id, now);
        return 'TIMEOUT_RECORDED';
      }
      const outcome = outcomeOfResult(row, result);
      if (!outcome) return 'MISMATCH';
      const settled = await this.settleLocked(tx, row, outcome, now, afterCommit);
      if (!settled) return 'ALREADY_FINAL';
      if (row.kind === 'STATUS' && row.subjectId !== null) {
        await this.settleSubject(tx, row.subjectId, result, now, afterCommit);
      }
      return 'APPLIED';
    });
    for (const work of afterCommit) await work();
    return this.verdict(verdict, token);
  }

  private verdict(verdict: ResultVerdict, token: string): ResultVerdict {
    if (verdict !== 'APPLIED' && verdict !== 'TIMEOUT_RECORDED') {
      this.log.warn({ verdict, token: `${token.slice(0, 6)}…` }, 'M-PESA result not applied');
    }
    return verdict;
  }

  /**
   * A status check's answer applied to the request it checked: Completed with the amount asked → SUCCEEDED
   * (its receipt); a failed status, or a transaction Daraja does not know (never made) → FAILED; anything
   * else leaves it open.
   */
  private async settleSubject(
    tx: DbOrTx,
    subjectId: number,
    result: DarajaResult,
    now: Date,
    afterCommit: Array<() => Promise<void>>,
  ): Promise<void> {
    const subject = await new MpesaRequestsRepository(tx).lock(subjectId);
    if (!subject || !openStates.has(subject.state)) return;
    const outcome = statusOutcome(subject, result);
    if (outcome === 'AMOUNT_DIFFERS') {
      this.log.error(
        { request: subject.reference, amount: result.amount },
        'M-PESA status: the amount differs',
      );
      return;
    }
    if (outcome) await this.settleLocked(tx, subject, outcome, now, afterCommit);
  }

  /** Records a final outcome and runs the purpose's handler, in `tx`; false when it was final already. */
  private async settleLocked(
    tx: DbOrTx,
    row: MpesaRequestRow,
    outcome: MpesaOutcome,
    now: Date,
    afterCommit: Array<() => Promise<void>>,
  ): Promise<boolean> {
    const settled = await new MpesaRequestsRepository(tx).settle(row.id, {
      state: outcome.state,
      resultCode: outcome.resultCode,
      resultDesc: outcome.resultDesc,
      receipt: row.kind === 'STATUS' ? null : outcome.receipt,
      parameters: outcome.parameters,
      failureReason: outcome.reason,
      now,
    });
    if (!settled) return false;
    const handler = this.handlers.get(row.purpose);
    if (handler) {
      await handler.settle(tx, settled, outcome);
      const after = handler.after;
      if (after) {
        afterCommit.push(async () => {
          try {
            await after(settled, outcome);
          } catch (error) {
            this.log.warn({ err: error, request: settled.reference }, 'M-PESA: a follow-up failed');
          }
        });
      }
    } else if (!internalPurposes.has(row.purpose)) {
      this.log.warn({ purpose: row.purpose }, 'M-PESA outcome with no handler for its purpose');
    }
    return true;
  }

  /** Settles a request in its own transaction (a refused call). */
  private async settleWith(id: number, outcome: MpesaOutcome): Promise<void> {
    const afterCommit: Array<() => Promise<void>> = [];
    await this.db.transaction(async (tx) => {
      const row = await new MpesaRequestsRepository(tx).lock(id);
      if (row && openStates.has(row.state))
        await this.settleLocked(tx, row, outcome, new Date(), afterCommit);
    });
    for (const work of afterCommit) await work();
  }

  /**
   * The status job: every B2C payment and reversal with no final result MPESA_RESULTS_CHECK_AFTER_SECONDS
   * after it was made (or last checked), and every queue timeout, is asked about. B2C: Transaction Status by
   * our originator id (its answer settles it); a reversal is sent again (a second reversal answers R000001,
   * "already reversed", so nothing is given back twice). Answers how many were asked about.
   */
  async checkOpenRequests(now = new Date()): Promise<number> {
    const repository = new MpesaRequestsRepository(this.db);
    const before = new Date(now.getTime() - this.env.MPESA_RESULTS_CHECK_AFTER_SECONDS * 1000);
    let asked = 0;
    for (const row of await repository.dueForCheck(before, 50)) {
      const checks = await repository.noteChecked(row.id, now);
      try {
        if (row.kind === 'B2C') {
          const check = await repository.insert({
            kind: 'STATUS',
            purpose: 'reconcile',
            reference: `status:${row.id}:${checks}`,
            callbackToken: randomBytes(32).toString('base64url'),
            subjectId: row.id,
            originalReceipt: row.originatorConversationId,
            remarks: 'Status check',
          });
          if (check) await this.send(check, { originator: row.originatorConversationId! });
        } else {
          await this.resendReversal(row);
        }
        asked++;
      } catch (error) {
        this.log.warn({ err: error, request: row.reference }, 'M-PESA status check failed');
      }
    }
    return asked;
  }

  /** The same reversal again, to the same ResultURL (its result settles the same row). */
  private async resendReversal(row: MpesaRequestRow): Promise<void> {
    const urls = mpesaResultUrls(this.env, row.callbackToken);
    try {
      await this.client.reversal({
        ...urls,
        receipt: row.originalReceipt!,
        amount: row.amount!,
        remarks: row.remarks,
      });
    } catch (error) {
      this.log.warn({ err: error, request: row.reference }, 'M-PESA reversal sent again without an answer');
    }
  }
}

/** Purposes the service settles itself (no handler needed). */
const internalPurposes = new Set(['reconcile', 'balance']);
