import { createHash } from 'node:crypto';
import { formatKes } from '@myprosper/contract/payments';
import {
  type ItemProblem,
  type LineMatch,
  reconciliationMessages as messages,
  reconciliationNotes as notes,
  type ReconciliationItem,
  type ReconciliationOverview,
  type ReconciliationRun,
  type StatementImportDetail,
  type StatementImportRequest,
  type StatementImportSummary,
  statementImportRequest,
} from '@myprosper/contract/reconciliation';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import type { MpesaService } from './mpesa.service.ts';
import { PaymentsRepository } from './payments.repository.ts';
import {
  type ItemRow,
  type OpenItem,
  ReconciliationRepository,
  type RunRow,
} from './reconciliation.repository.ts';
import { normaliseAccountReference, parseStatementCsv, type StatementCsvLine } from './statement-csv.ts';
import { type ImportRow, type LineRow, StatementImportsRepository } from './statement-imports.repository.ts';

/**
 * Another part's check of in-flight M-PESA items (B2C payouts and refunds: their stale-request check), run by
 * the daily reconciliation after the pushes: how many it looked at and settled, and what it could not match.
 */
export interface InFlightCheck {
  run(now: Date): Promise<{ checked: number; settled: number; unmatched: OpenItem[] }>;
}

/** A push still processing this long after it was made is shown to admins. */
const stuckAfterMs = 60 * 60_000;
/** A push Daraja cannot be asked about (none recorded, or no answer) is shown after this long. */
const unavailableAfterMs = 10 * 60_000;
/** A statement's time and ours may differ a little: a payment made up to this long after the line still fits. */
const clockSlackMs = 10 * 60_000;

const paymentSubject = (paymentId: number) => `payment:${paymentId}`;
const lineSubject = (lineId: number) => `statement-line:${lineId}`;
const missingSubject = (paymentId: number) => `missing:payment:${paymentId}`;

interface LineVerdict {
  match: LineMatch;
  paymentId: number | null;
  ledgerTransactionId: number | null;
  ourAmount: number | null;
  note: string | null;
}

/**
 * M-PESA reconciliation: the daily run asks Daraja about every pending push (settling it as its callback would,
 * through MpesaService.settleByQuery) and records what it could not match; admins import the organisation
 * portal's statement and see each line matched to a ledger entry of ours or flagged.
 */
export class ReconciliationService {
  constructor(
    private readonly db: Db,
    private readonly env: Pick<Env, 'MPESA_RECONCILE_AFTER_SECONDS'>,
    private readonly mpesa: MpesaService,
    private readonly log: FastifyBaseLogger,
    private readonly inFlight: InFlightCheck[] = [],
  ) {}

  /** One run over every pending M-PESA push older than MPESA_RECONCILE_AFTER_SECONDS, recorded. */
  async run(trigger: 'SCHEDULED' | 'ADMIN', now = new Date()): Promise<ReconciliationRun> {
    const repo = new ReconciliationRepository(this.db);
    const runId = await repo.startRun(trigger, now);
    const before = new Date(now.getTime() - this.env.MPESA_RECONCILE_AFTER_SECONDS * 1000);
    let checked = 0;
    let settled = 0;
    let unmatched = 0;
    for (let afterId = 0; ; ) {
      const batch = await repo.pendingMpesa(before, afterId, 50);
      if (batch.length === 0) break;
      for (const payment of batch) {
        afterId = payment.id;
        checked++;
        const outcome = await this.mpesa.settleByQuery(payment);
        if (outcome === 'SUCCEEDED' || outcome === 'FAILED' || outcome === 'ALREADY_FINAL') {
          settled++;
          await repo.settleSubject(paymentSubject(payment.id), now);
          continue;
        }
        const age = now.getTime() - payment.createdAt.getTime();
        const problem: ItemProblem | null =
          outcome === 'PENDING'
            ? age >= stuckAfterMs
              ? 'STILL_PENDING'
              : null
            : age >= unavailableAfterMs
              ? 'QUERY_FAILED'
              : null;
        if (!problem) continue;
        unmatched++;
        await repo.openItem(
          {
            subject: paymentSubject(payment.id),
            problem,
            detail:
              problem === 'STILL_PENDING'
                ? notes.stillPending(Math.floor(age / 60_000))
                : payment.checkoutRequestId
                  ? notes.darajaDown
                  : notes.noPush,
            amount: payment.amount,
            paymentId: payment.id,
            runId,
          },
          now,
        );
      }
    }
    for (const check of this.inFlight) {
      try {
        const result = await check.run(now);
        checked += result.checked;
        settled += result.settled;
        for (const item of result.unmatched) {
          unmatched++;
          await repo.openItem({ ...item, runId }, now);
        }
      } catch (error) {
        this.log.warn({ err: error }, 'reconciliation: an in-flight check failed');
      }
    }
    const run = await repo.finishRun(runId, { checked, settled, unmatched }, now);
    return toRun(run);
  }

  async overview(status: 'OPEN' | 'RESOLVED' | 'SETTLED' = 'OPEN'): Promise<ReconciliationOverview> {
    const repo = new ReconciliationRepository(this.db);
    const statements = new StatementImportsRepository(this.db);
    const [runs, items, imports] = await Promise.all([
      repo.runs(10),
      repo.items(status, 200),
      statements.imports(10),
    ]);
    return { runs: runs.map(toRun), items: items.map(toItem), imports: imports.map(toImportSummary) };
  }

  async item(id: number): Promise<ReconciliationItem> {
    const row = await new ReconciliationRepository(this.db).item(id);
    if (!row) throw notFound(messages.itemNotFound);
    return toItem(row);
  }

  /**
   * Checks an open item again: a push is asked about again, a statement line matched again, a receipt missing
   * from a statement looked for in later statements. Answers the item and whether it is settled now.
   */
  async recheck(id: number, now = new Date()): Promise<{ item: ReconciliationItem; settled: boolean }> {
    const repo = new ReconciliationRepository(this.db);
    const statements = new StatementImportsRepository(this.db);
    const item = await repo.item(id);
    if (!item) throw notFound(messages.itemNotFound);
    if (item.status !== 'OPEN') throw conflict(messages.itemNotOpen);
    let settled = false;
    if ((item.problem === 'STILL_PENDING' || item.problem === 'QUERY_FAILED') && item.paymentId !== null) {
      const payment = await new PaymentsRepository(this.db).find(item.paymentId);
      const outcome =
        payment?.status === 'PENDING' ? await this.mpesa.settleByQuery(payment) : 'ALREADY_FINAL';
      settled = outcome === 'SUCCEEDED' || outcome === 'FAILED' || outcome === 'ALREADY_FINAL';
    } else if (item.statementLineId !== null) {
      const lineId = item.statementLineId;
      settled = await this.db.transaction(async (tx) => {
        const line = await new StatementImportsRepository(tx).line(lineId);
        if (!line) return false;
        const verdict = await matchLine(tx, lineOf(line));
        if (verdict.match !== 'MATCHED') return false;
        await new StatementImportsRepository(tx).setLineMatch(lineId, verdict);
        return true;
      });
    } else if (item.problem === 'MISSING_FROM_STATEMENT' && item.receipt) {
      settled = await statements.receiptOnAnyStatement(item.receipt, item.importId ?? 0);
    }
    if (settled) await repo.settleItem(id, now);
    else await repo.touchItem(id, item.detail, now);
    return { item: await this.item(id), settled };
  }

  /** The item made RESOLVED with the admin's note, in the caller's transaction (which audits it). */
  async resolve(tx: DbOrTx, id: number, adminId: number, note: string, now = new Date()) {
    const repo = new ReconciliationRepository(tx);
    const item = await repo.lockItem(id);
    if (!item) throw notFound(messages.itemNotFound);
    if (item.status !== 'OPEN') throw conflict(messages.itemNotOpen);
    await repo.resolveItem(id, adminId, note, now);
    return item;
  }

  /**
   * Imports an organisation portal statement: every line matched to a ledger entry of ours or flagged, and our
   * receipts of its period that it lacks flagged too. One transaction; a bad file changes nothing.
   */
  async importStatement(adminId: number, input: StatementImportRequest, now = new Date()): Promise<number> {
    const request = statementImportRequest.parse(input);
    const parsed = parseStatementCsv(request.content);
    if (!parsed.ok) throw invalid(parsed.message);
    const sha256 = createHash('sha256').update(request.content).digest('hex');
    return this.db.transaction(async (tx) => {
      const repo = new ReconciliationRepository(tx);
      const statements = new StatementImportsRepository(tx);
      await statements.lockImports(sha256);
      if (await statements.importBySha(sha256)) throw conflict(messages.alreadyImported);
      const importId = await statements.insertImport({
        fileName: request.fileName,
        sha256,
        importedBy: adminId,
        periodFrom: parsed.periodFrom,
        periodTo: parsed.periodTo,
        lineCount: parsed.lines.length,
        matched: 0,
        flagged: 0,
        createdAt: now,
      });
      let matched = 0;
      let flagged = 0;
      const receipts = new Set<string>();
      for (const line of parsed.lines) {
        receipts.add(line.receipt);
        const verdict = await matchLine(tx, line);
        const lineId = await statements.insertLine({ importId, ...line, ...verdict });
        if (verdict.match === 'MATCHED') {
          matched++;
          if (verdict.paymentId !== null) await repo.settleSubject(missingSubject(verdict.paymentId), now);
        } else if (verdict.match !== 'IGNORED') {
          flagged++;
          await repo.openItem(
            {
              subject: lineSubject(lineId),
              problem: verdict.match,
              detail: `${line.details} · ${verdict.note ?? ''}`.slice(0, 600),
              receipt: line.receipt,
              amount: Math.floor((line.paidInCents || line.withdrawnCents) / 100),
              paymentId: verdict.paymentId,
              statementLineId: lineId,
              importId,
            },
            now,
          );
        }
      }
      for (const ours of await statements.receiptsBetween(parsed.periodFrom, parsed.periodTo)) {
        if (!ours.receipt || receipts.has(ours.receipt)) continue;
        flagged++;
        await repo.openItem(
          {
            subject: missingSubject(ours.id),
            problem: 'MISSING_FROM_STATEMENT',
            detail: notes.missing(ours.receipt, formatKes(ours.amount)),
            receipt: ours.receipt,
            amount: ours.amount,
            paymentId: ours.id,
            importId,
          },
          now,
        );
      }
      await statements.setImportCounts(importId, matched, flagged);
      return importId;
    });
  }

  async statement(id: number): Promise<StatementImportDetail> {
    const repo = new ReconciliationRepository(this.db);
    const statements = new StatementImportsRepository(this.db);
    const row = await statements.import(id);
    if (!row) throw notFound(messages.importNotFound);
    const [lines, missing] = await Promise.all([statements.lines(id), repo.missingOf(id)]);
    return {
      ...toImportSummary(row),
      lines: lines.map((line) => ({
        lineNo: line.lineNo,
        receipt: line.receipt,
        completedAt: line.completedAt.toISOString(),
        details: line.details,
        transactionStatus: line.transactionStatus,
        paidIn: line.paidInCents / 100,
        withdrawn: line.withdrawnCents / 100,
        accountNo: line.accountNo,
        match: line.match as LineMatch,
        ourAmount: line.ourAmount,
        ledgerTransactionId: line.ledgerTransactionId,
        paymentId: line.paymentId,
        note: line.note,
      })),
      missing: missing.map(toItem),
    };
  }
}

/** A stored line in the parser's shape, to match it again. */
function lineOf(line: LineRow): StatementCsvLine {
  return {
    lineNo: line.lineNo,
    receipt: line.receipt,
    completedAt: line.completedAt,
    details: line.details,
    transactionStatus: line.transactionStatus,
    paidInCents: line.paidInCents,
    withdrawnCents: line.withdrawnCents,
    reasonType: line.reasonType,
    otherParty: line.otherParty,
    accountNo: line.accountNo,
  };
}

/**
 * One statement line against our books: a receipt of ours (an M-PESA payment, a Paybill payment kept for
 * review, credited or sent back, a payout recorded with it, a B2C payment or reversal) of the same amount and
 * direction is MATCHED; another amount is AMOUNT_DIFFERS; money paid in for a session's
 * account reference whose payment was settled without a receipt (the push query has none) gets the receipt
 * recorded and is MATCHED; anything else is an UNKNOWN_RECEIPT. Charges and lines not completed are IGNORED.
 */
async function matchLine(tx: DbOrTx, line: StatementCsvLine): Promise<LineVerdict> {
  const none = { paymentId: null, ledgerTransactionId: null, ourAmount: null };
  if (line.transactionStatus.trim().toLowerCase() !== 'completed') {
    return { match: 'IGNORED', ...none, note: notes.notCompleted };
  }
  if (/\bcharges?\b|\bfee\b/i.test(`${line.details} ${line.reasonType}`)) {
    return { match: 'IGNORED', ...none, note: notes.charge };
  }
  const paidIn = line.paidInCents > 0;
  const cents = paidIn ? line.paidInCents : line.withdrawnCents;
  if (cents === 0) return { match: 'IGNORED', ...none, note: notes.noAmount };
  const repo = new ReconciliationRepository(tx);
  const statements = new StatementImportsRepository(tx);
  const ours = await statements.ourReceipt(line.receipt);
  if (ours) {
    const mine = {
      paymentId: ours.kind === 'PAYMENT' ? ours.id : null,
      ledgerTransactionId: ours.ledgerTransactionId,
      ourAmount: ours.amount,
    };
    const moneyIn = ours.kind === 'PAYMENT' || ours.kind === 'PAYBILL';
    if (paidIn !== moneyIn) return { match: 'AMOUNT_DIFFERS', ...mine, note: notes.wrongDirection };
    if (ours.amount * 100 !== cents) {
      return { match: 'AMOUNT_DIFFERS', ...mine, note: notes.oursIs(formatKes(ours.amount)) };
    }
    const said = ours.paybill
      ? ours.kind === 'PAYBILL'
        ? notes.paybillKept(ours.paybill.id, ours.paybill.status)
        : notes.paybillReversal(ours.paybill.id, ours.paybill.receipt)
      : null;
    return { match: 'MATCHED', ...mine, note: said };
  }
  if (paidIn && cents % 100 === 0 && line.accountNo) {
    const payment = await repo.receiptlessPayment(
      normaliseAccountReference(line.accountNo),
      cents / 100,
      new Date(line.completedAt.getTime() + clockSlackMs),
    );
    if (payment && (await repo.recordReceipt(payment.id, line.receipt, new Date()))) {
      const recorded = await statements.ourReceipt(line.receipt);
      return {
        match: 'MATCHED',
        paymentId: payment.id,
        ledgerTransactionId: recorded?.ledgerTransactionId ?? null,
        ourAmount: payment.amount,
        note: notes.receiptRecorded(payment.id),
      };
    }
  }
  return { match: 'UNKNOWN_RECEIPT', ...none, note: notes.unknownReceipt };
}

function toRun(row: RunRow): ReconciliationRun {
  return {
    id: row.id,
    trigger: row.trigger === 'ADMIN' ? 'ADMIN' : 'SCHEDULED',
    checked: row.checked,
    settled: row.settled,
    unmatched: row.unmatched,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function toItem(row: ItemRow): ReconciliationItem {
  return {
    id: row.id,
    problem: row.problem as ItemProblem,
    detail: row.detail,
    receipt: row.receipt,
    amount: row.amount,
    paymentId: row.paymentId,
    importId: row.importId,
    status: row.status as ReconciliationItem['status'],
    resolutionNote: row.resolutionNote,
    resolvedBy: row.resolvedByName,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toImportSummary(row: ImportRow): StatementImportSummary {
  return {
    id: row.id,
    fileName: row.fileName,
    periodFrom: row.periodFrom.toISOString(),
    periodTo: row.periodTo.toISOString(),
    lineCount: row.lineCount,
    matched: row.matched,
    flagged: row.flagged,
    importedBy: row.importedByName,
    createdAt: row.createdAt.toISOString(),
  };
}
