import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { formatKes } from '@myprosper/contract/payments';
import { pdfTexts, reconciliationMessages, reconciliationNotes } from '@myprosper/contract/reconciliation';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { wireFeatures } from '../../app.ts';
import { mpesaRequests } from '../../db/schema/mpesa-requests.ts';
import { paybillPayments } from '../../db/schema/paybill.ts';
import { ledgerTransactions, payments } from '../../db/schema/payments.ts';
import { mpesaStatementImports, reconciliationRuns } from '../../db/schema/reconciliation.ts';
import { createAdmin, createAdvisee, type UserRow } from '../../db/seed/factories.ts';
import { adminCall, auditRowsOf, callAs } from '../admin/admin.test-helpers.ts';
import { registerPaybillUrls } from './payments.door.ts';
import { dailyReconciliationJobName } from './payments.jobs.ts';
import {
  api,
  type Booked,
  bookSession,
  createPaymentsTestApp,
  earningsService,
  eventually,
  expectLedgerConsistent,
  getSession,
  mentorJoined,
  moveSession,
  noShowJob,
  payByMpesa,
  paymentRow,
  phones,
  sandboxHasSettled,
} from './payments.test-helpers.ts';

const header =
  'Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.';

/** 'yyyy-MM-dd HH:mm:ss' in Kenyan time, as the portal writes it. */
function eat(date: Date): string {
  return new Date(date.getTime() + 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function line(fields: {
  receipt: string;
  at: Date;
  details?: string;
  status?: string;
  paidIn?: string;
  withdrawn?: string;
  reason?: string;
  account?: string;
}): string {
  return [
    fields.receipt,
    eat(fields.at),
    eat(fields.at),
    `"${fields.details ?? 'Pay Bill Online from 254708374149 - JANE DOE'}"`,
    fields.status ?? 'Completed',
    `"${fields.paidIn ?? ''}"`,
    `"${fields.withdrawn ?? ''}"`,
    '"152,500.00"',
    'True',
    fields.reason ?? 'Pay Bill Online',
    '254708374149 - JANE DOE',
    '',
    fields.account ?? '',
  ].join(',');
}

function statement(lines: string[]): string {
  return ['Organization Name,MyProsper Ltd', 'Time Period,today', '', header, ...lines].join('\r\n');
}

let receiptSeq = 0;
/** A receipt of M-PESA's shape no test has used. */
function freshReceipt(): string {
  receiptSeq++;
  return `QZ${Date.now().toString(36).toUpperCase().slice(-5)}${String(receiptSeq).padStart(3, '0')}`.slice(
    0,
    10,
  );
}

/** The text of a PDF: its streams inflated, the strings of its text operators decoded (standard fonts). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let out = '';
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      content = match[1] ?? '';
    }
    const arrays = /\[([^\]]*)\]\s*TJ/g;
    for (let tj = arrays.exec(content); tj; tj = arrays.exec(content)) {
      const hexes = tj[1]?.match(/<([0-9a-fA-F]*)>/g) ?? [];
      out += `${hexes.map((hex) => Buffer.from(hex.slice(1, -1), 'hex').toString('latin1')).join('')}\n`;
    }
  }
  return out;
}

describe('M-PESA reconciliation, statements and PDFs', () => {
  let ctx: TestContext;
  let admin: UserRow;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp({
      // Long enough that a run is read before the Transaction Status answer it asked for, on a busy machine.
      MPESA_SANDBOX_DELAY_MS: '300',
      MPESA_RECONCILE_AFTER_SECONDS: '0',
      MPESA_RESULTS_CHECK_AFTER_SECONDS: '0',
    });
    admin = await createAdmin(ctx.database.db);
    expect(await registerPaybillUrls(ctx.app)).toBe('REGISTERED');
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function paidByMpesa(): Promise<Booked & { paymentId: number; receipt: string }> {
    const booked = await bookSession(ctx);
    const res = await payByMpesa(ctx, booked.host, booked.id, phones.pays);
    expect(res.statusCode, res.body).toBe(200);
    const paymentId = res.json().data.id as number;
    const payment = await eventually(async () => {
      const row = await paymentRow(ctx.database.db, paymentId);
      expect(row.status).toBe('SUCCEEDED');
      return row;
    });
    return { ...booked, paymentId, receipt: payment.providerReference ?? '' };
  }

  async function importCsv(content: string, fileName = 'statement.csv') {
    return callAs(ctx.app, admin, 'POST', 'mpesaStatements', { fileName, content });
  }

  it('settles a push whose callback was lost, records the run, and the statement gives it its receipt', async () => {
    const booked = await bookSession(ctx);
    const paymentId = (await payByMpesa(ctx, booked.host, booked.id, phones.noCallback)).json().data
      .id as number;
    const { checkoutRequestId } = await paymentRow(ctx.database.db, paymentId);
    await eventually(async () => expect(await sandboxHasSettled(ctx, checkoutRequestId ?? '')).toBe(true));
    expect((await paymentRow(ctx.database.db, paymentId)).status).toBe('PENDING');

    const run = await callAs(ctx.app, admin, 'POST', 'reconciliation/runs');
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data).toMatchObject({ trigger: 'ADMIN' });
    expect(run.json().data.settled).toBeGreaterThanOrEqual(1);
    expect((await getSession(ctx, booked.host, booked.id)).status).toBe('CONFIRMED');
    // The push query has no receipt: settled without one, as the callback would have settled it otherwise.
    expect(await paymentRow(ctx.database.db, paymentId)).toMatchObject({
      status: 'SUCCEEDED',
      providerReference: null,
    });
    expect(await auditRowsOf(ctx, 'reconciliation_run', run.json().data.id)).toHaveLength(1);

    // The organisation portal's statement has the payment, by the booking's account reference.
    const receipt = freshReceipt();
    const imported = await importCsv(
      statement([
        line({ receipt, at: new Date(), paidIn: '2,900.00', account: ` ${booked.reference.toLowerCase()} ` }),
      ]),
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data.lines).toEqual([
      expect.objectContaining({
        receipt,
        match: 'MATCHED',
        paymentId,
        ourAmount: 2900,
        note: reconciliationNotes.receiptRecorded(paymentId),
      }),
    ]);
    expect(imported.json().data.lines[0].ledgerTransactionId).toEqual(expect.any(Number));
    expect((await paymentRow(ctx.database.db, paymentId)).providerReference).toBe(receipt);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('runs daily as a job, recorded as a scheduled run', async () => {
    const before = await ctx.database.db.select({ n: count() }).from(reconciliationRuns);
    await ctx.app.jobs.trigger(dailyReconciliationJobName);
    await eventually(async () => {
      const runs = await ctx.database.db
        .select()
        .from(reconciliationRuns)
        .where(eq(reconciliationRuns.trigger, 'SCHEDULED'));
      expect(runs.length).toBeGreaterThanOrEqual(1);
      expect(runs.at(-1)?.finishedAt).not.toBeNull();
    }, 15_000);
    const after = await ctx.database.db.select({ n: count() }).from(reconciliationRuns);
    expect(after[0]?.n).toBeGreaterThan(before[0]?.n ?? 0);
  });

  it('runs the check of payouts in flight: one still open after a day is kept, then settled by its status', async () => {
    const { disbursements } = wireFeatures(ctx.app);
    disbursements.onOutcome('reconciliation-test', async () => undefined);
    // A B2C payment whose result never comes (the sandbox's 254711000000), made two days ago.
    const row = await disbursements.request({
      kind: 'B2C',
      purpose: 'reconciliation-test',
      reference: `reconciliation-test:${randomUUID()}`,
      phone: '254711000000',
      amount: 500,
      remarks: 'Reconciliation test',
    });
    await ctx.database.db
      .update(mpesaRequests)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(mpesaRequests.id, row.id));
    const run = await callAs(ctx.app, admin, 'POST', 'reconciliation/runs');
    expect(run.statusCode, run.body).toBe(200);
    const open = async () =>
      (
        (await callAs(ctx.app, admin, 'GET', 'reconciliation')).json().data.items as Array<{ detail: string }>
      ).filter((item) => item.detail.includes(row.reference));
    expect(await open()).toEqual([expect.objectContaining({ problem: 'STILL_PENDING', amount: 500 })]);
    // Transaction Status answers (the sandbox paid it): the request is final and the next run settles the item.
    await eventually(async () => {
      const [request] = await ctx.database.db
        .select()
        .from(mpesaRequests)
        .where(eq(mpesaRequests.id, row.id));
      expect(request?.state).toBe('SUCCEEDED');
    }, 15_000);
    await callAs(ctx.app, admin, 'POST', 'reconciliation/runs');
    expect(await open()).toEqual([]);
  });

  it('keeps what M-PESA cannot tell for admins: re-check, then resolve with a note, audited', async () => {
    const booked = await bookSession(ctx);
    const paymentId = (await payByMpesa(ctx, booked.host, booked.id, phones.noCallback)).json().data
      .id as number;
    // A push Daraja does not know (its id lost) made three hours ago: the status check fails.
    await ctx.database.db
      .update(payments)
      .set({ checkoutRequestId: `ws_CO_lost_${paymentId}`, createdAt: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(payments.id, paymentId));
    const run = await callAs(ctx.app, admin, 'POST', 'reconciliation/runs');
    expect(run.json().data.unmatched).toBeGreaterThanOrEqual(1);
    const overview = await callAs(ctx.app, admin, 'GET', 'reconciliation');
    const item = (
      overview.json().data.items as Array<{ id: number; paymentId: number; problem: string }>
    ).find((i) => i.paymentId === paymentId);
    expect(item).toMatchObject({ problem: 'QUERY_FAILED', status: 'OPEN' });
    // A second run keeps one open item for it.
    await callAs(ctx.app, admin, 'POST', 'reconciliation/runs');
    const again = await callAs(ctx.app, admin, 'GET', 'reconciliation');
    expect(
      (again.json().data.items as Array<{ paymentId: number }>).filter((i) => i.paymentId === paymentId),
    ).toHaveLength(1);

    const rechecked = await callAs(ctx.app, admin, 'POST', `reconciliation/items/${item!.id}/recheck`);
    expect(rechecked.statusCode, rechecked.body).toBe(200);
    expect(rechecked.json()).toMatchObject({
      message: reconciliationMessages.rechecked,
      data: { status: 'OPEN' },
    });

    const short = await callAs(ctx.app, admin, 'POST', `reconciliation/items/${item!.id}/resolve`, {
      note: 'ok',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toContain(reconciliationMessages.giveNote);
    const resolved = await callAs(ctx.app, admin, 'POST', `reconciliation/items/${item!.id}/resolve`, {
      note: 'Customer says the prompt never came; failed it by hand',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data).toMatchObject({ status: 'RESOLVED', resolvedBy: admin.name });
    const twice = await callAs(ctx.app, admin, 'POST', `reconciliation/items/${item!.id}/resolve`, {
      note: 'Once more, to be sure',
    });
    expect(twice.statusCode).toBe(409);
    const audit = await auditRowsOf(ctx, 'reconciliation_item', item!.id);
    expect(audit.map((row) => row.action)).toEqual([
      'RECHECK_RECONCILIATION_ITEM',
      'RESOLVE_RECONCILIATION_ITEM',
    ]);

    // Only admins.
    expect((await callAs(ctx.app, booked.host, 'GET', 'reconciliation')).statusCode).toBe(403);
    expect((await callAs(ctx.app, null, 'POST', 'reconciliation/runs')).statusCode).toBe(401);
    expect((await callAs(ctx.app, admin, 'POST', 'reconciliation/items/999999/recheck')).statusCode).toBe(
      404,
    );
  });

  it('matches a statement line by line: matched, unknown, amount differs, ignored, and ours missing', async () => {
    const a = await paidByMpesa();
    const b = await paidByMpesa();
    const c = await paidByMpesa();
    const now = Date.now();
    const unknown = freshReceipt();
    const content = statement([
      line({ receipt: a.receipt, at: new Date(now - 3_600_000), paidIn: '2,900.00', account: a.reference }),
      line({ receipt: b.receipt, at: new Date(now - 1_800_000), paidIn: '2,500.00', account: b.reference }),
      line({ receipt: unknown, at: new Date(now - 600_000), paidIn: '1,000.00', account: 'NOSUCHREF' }),
      line({
        receipt: freshReceipt(),
        at: new Date(now - 500_000),
        details: 'Business Payment Charge',
        withdrawn: '-22.40',
        reason: 'Pay Utility Charge',
      }),
      line({ receipt: freshReceipt(), at: new Date(now + 3_600_000), status: 'Failed', paidIn: '500.00' }),
    ]);
    const res = await importCsv(content, 'org-statement.csv');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as {
      id: number;
      lineCount: number;
      matched: number;
      lines: Array<Record<string, unknown>>;
      missing: Array<{ receipt: string; problem: string }>;
    };
    expect(data.lineCount).toBe(5);
    expect(data.lines.map((l) => l.match)).toEqual([
      'MATCHED',
      'AMOUNT_DIFFERS',
      'UNKNOWN_RECEIPT',
      'IGNORED',
      'IGNORED',
    ]);
    expect(data.lines[0]).toMatchObject({ paymentId: a.paymentId, ourAmount: 2900, paidIn: 2900 });
    expect(data.lines[0]?.ledgerTransactionId).toEqual(expect.any(Number));
    expect(data.lines[1]).toMatchObject({ paymentId: b.paymentId, ourAmount: 2900, paidIn: 2500 });
    expect(data.lines[3]).toMatchObject({ withdrawn: 22.4, note: reconciliationNotes.charge });
    expect(data.missing).toContainEqual(
      expect.objectContaining({ receipt: c.receipt, problem: 'MISSING_FROM_STATEMENT' }),
    );
    expect(res.json().message).toBe(reconciliationMessages.imported(1, 2 + data.missing.length));

    const overview = await callAs(ctx.app, admin, 'GET', 'reconciliation');
    const open = overview.json().data.items as Array<{ receipt: string; problem: string }>;
    expect(open).toContainEqual(expect.objectContaining({ receipt: unknown, problem: 'UNKNOWN_RECEIPT' }));
    expect(open).toContainEqual(expect.objectContaining({ receipt: b.receipt, problem: 'AMOUNT_DIFFERS' }));
    expect(open).toContainEqual(
      expect.objectContaining({ receipt: c.receipt, problem: 'MISSING_FROM_STATEMENT' }),
    );

    // The same file again changes nothing.
    const again = await importCsv(content, 'again.csv');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(reconciliationMessages.alreadyImported);
    const shown = await callAs(ctx.app, admin, 'GET', `mpesaStatements/${data.id}`);
    expect(shown.json().data.lines).toHaveLength(5);
    expect(await auditRowsOf(ctx, 'mpesa_statement', data.id)).toHaveLength(1);
    await expectLedgerConsistent(ctx.database.db);
  });

  /** Someone pays our Paybill under a reference naming no booking (no validation): the payment is kept. */
  async function keptPaybill(amount: number) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/daraja/c2b/pay',
      payload: { account: 'HOUSE 12', amount, validation: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const receipt = (res.json() as { TransID: string }).TransID;
    const [row] = await ctx.database.db
      .select()
      .from(paybillPayments)
      .where(eq(paybillPayments.transId, receipt));
    expect(row).toMatchObject({ status: 'REVIEW', problem: 'UNKNOWN_REFERENCE', amount });
    expect(row?.parkedTransactionId).toEqual(expect.any(Number));
    return { id: row!.id, receipt, amount, parkedTransactionId: row!.parkedTransactionId, at: nextSecond() };
  }

  /**
   * The next whole second: the statement has whole seconds, and a line's time rounded down could reach back
   * to a payment of an earlier test, which would then count as missing from this statement's period.
   */
  function nextSecond(): Date {
    return new Date(Math.floor(Date.now() / 1000) * 1000 + 1000);
  }

  async function paybillStatus(id: number) {
    const [row] = await ctx.database.db.select().from(paybillPayments).where(eq(paybillPayments.id, id));
    return row?.status;
  }

  it('matches the lines of kept Paybill payments (kept, credited, sent back) and of their reversal', async () => {
    const waiting = await keptPaybill(650);
    const credited = await keptPaybill(1200);
    const payer = await createAdvisee(ctx.database.db);
    await adminCall(ctx, admin, 'POST', `paybill/${credited.id}/credit`, {
      userId: payer.id,
      note: 'Paid under a wrong reference; credited to the payer',
    });
    const reversed = await keptPaybill(800);
    await adminCall(ctx, admin, 'POST', `paybill/${reversed.id}/refund`, {
      note: 'Nobody claims it: back to the payer',
    });
    await eventually(async () => expect(await paybillStatus(reversed.id)).toBe('REFUNDED'), 15_000);
    const [reversal] = await ctx.database.db
      .select()
      .from(mpesaRequests)
      .where(
        and(
          eq(mpesaRequests.kind, 'REVERSAL'),
          eq(mpesaRequests.originalReceipt, reversed.receipt),
          eq(mpesaRequests.state, 'SUCCEEDED'),
        ),
      );
    expect(reversal?.receipt).toMatch(/^[A-Z0-9]{10}$/);
    const reversedAt = nextSecond();

    const res = await importCsv(
      statement([
        line({ receipt: waiting.receipt, at: waiting.at, paidIn: '650.00', account: 'HOUSE 12' }),
        line({ receipt: credited.receipt, at: credited.at, paidIn: '1,200.00', account: 'HOUSE 12' }),
        line({ receipt: reversed.receipt, at: reversed.at, paidIn: '800.00', account: 'HOUSE 12' }),
        line({
          receipt: reversal!.receipt!,
          at: reversedAt,
          details: `Reversal of ${reversed.receipt}`,
          withdrawn: '-800.00',
          reason: 'Reversal',
        }),
      ]),
      'paybill-statement.csv',
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as {
      matched: number;
      flagged: number;
      lines: Array<Record<string, unknown>>;
      missing: unknown[];
    };
    expect(data).toMatchObject({ matched: 4, flagged: 0, missing: [] });
    // Each paid-in line is the ledger transaction that took its money in (M-PESA clearing into suspense).
    expect(data.lines).toEqual([
      expect.objectContaining({
        receipt: waiting.receipt,
        match: 'MATCHED',
        ourAmount: 650,
        ledgerTransactionId: waiting.parkedTransactionId,
        note: reconciliationNotes.paybillKept(waiting.id, 'REVIEW'),
      }),
      expect.objectContaining({
        receipt: credited.receipt,
        match: 'MATCHED',
        ourAmount: 1200,
        ledgerTransactionId: credited.parkedTransactionId,
        note: reconciliationNotes.paybillKept(credited.id, 'CREDITED'),
      }),
      expect.objectContaining({
        receipt: reversed.receipt,
        match: 'MATCHED',
        ourAmount: 800,
        ledgerTransactionId: reversed.parkedTransactionId,
        note: reconciliationNotes.paybillKept(reversed.id, 'REFUNDED'),
      }),
      expect.objectContaining({
        receipt: reversal!.receipt,
        match: 'MATCHED',
        withdrawn: 800,
        ourAmount: 800,
        note: reconciliationNotes.paybillReversal(reversed.id, reversed.receipt),
      }),
    ]);
    for (const [lineOf, kind] of [
      [data.lines[0], 'PAYBILL_PARKED'],
      [data.lines[3], 'PAYBILL_REVERSED'],
    ] as const) {
      const [posted] = await ctx.database.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.id, lineOf?.ledgerTransactionId as number));
      expect(posted?.kind).toBe(kind);
    }
    // Nothing of it waits for an operator.
    const open = (await callAs(ctx.app, admin, 'GET', 'reconciliation')).json().data.items as Array<{
      receipt: string | null;
    }>;
    const receipts = [waiting, credited, reversed].map((p) => p.receipt).concat(reversal!.receipt!);
    expect(open.filter((item) => receipts.includes(item.receipt ?? ''))).toEqual([]);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('flags a kept Paybill payment whose statement amount differs, with ours in the note', async () => {
    const kept = await keptPaybill(450);
    const res = await importCsv(
      statement([line({ receipt: kept.receipt, at: kept.at, paidIn: '540.00', account: 'HOUSE 12' })]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ matched: 0, flagged: 1 });
    expect(res.json().data.lines).toEqual([
      expect.objectContaining({
        receipt: kept.receipt,
        match: 'AMOUNT_DIFFERS',
        paidIn: 540,
        ourAmount: 450,
        ledgerTransactionId: kept.parkedTransactionId,
        note: reconciliationNotes.oursIs(formatKes(450)),
      }),
    ]);
    const open = (await callAs(ctx.app, admin, 'GET', 'reconciliation')).json().data.items as Array<{
      receipt: string | null;
      problem: string;
    }>;
    expect(open.filter((item) => item.receipt === kept.receipt)).toEqual([
      expect.objectContaining({ problem: 'AMOUNT_DIFFERS', amount: 540 }),
    ]);
  });

  it('refuses a malformed statement with a clear message and changes nothing', async () => {
    const imports = async () =>
      (await ctx.database.db.select({ n: count() }).from(mpesaStatementImports))[0]?.n;
    const before = await imports();
    const at = new Date();
    const cases: Array<[string, string]> = [
      ['hello,world\r\n1,2', reconciliationMessages.notAStatement],
      [
        'Receipt No.,Completion Time,Details,Transaction Status,Paid In,Balance\r\nQAB1234567,2026-01-01 10:00:00,x,Completed,1,1',
        reconciliationMessages.missingColumn('Withdrawn'),
      ],
      [
        statement([line({ receipt: freshReceipt(), at, paidIn: 'ten' })]),
        reconciliationMessages.badAmount(5, 'ten'),
      ],
      [statement([line({ receipt: 'short', at, paidIn: '10' })]), reconciliationMessages.badReceipt(5)],
      [
        statement([
          line({ receipt: freshReceipt(), at, paidIn: '10' }).replace(eat(at), '31-02-2026 10:00:00'),
        ]),
        reconciliationMessages.badTime(5, '31-02-2026 10:00:00'),
      ],
      [statement([]), reconciliationMessages.noLines],
      [`${header}\r\n"QAB1234567,2026`, reconciliationMessages.unclosedQuote],
    ];
    for (const [content, message] of cases) {
      const res = await importCsv(content);
      expect(res.statusCode, content).toBe(422);
      expect(res.json().message).toBe(message);
    }
    const empty = await importCsv('');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toContain(reconciliationMessages.chooseFile);
    expect(await imports()).toBe(before);
  });

  it("gives a payer their receipt as a PDF, and nobody else's", async () => {
    const paid = await paidByMpesa();
    const url = `${api}/payments/${paid.paymentId}/receipt.pdf`;
    const res = await callAs(ctx.app, paid.host, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment; filename="myprosper-receipt-MP-R-');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain(paid.receipt);
    expect(text).toContain('KES 2,900');
    expect(text).toContain(pdfTexts.vat(16));
    expect(text).toContain('KES 400');
    expect(text).toContain(paid.reference);
    expect(text).toContain(ctx.env.BUSINESS_KRA_PIN);

    const stranger = await createAdvisee(ctx.database.db);
    expect((await callAs(ctx.app, stranger, 'GET', url)).statusCode).toBe(404);
    expect((await callAs(ctx.app, paid.advisor, 'GET', url)).statusCode).toBe(404);
    expect((await callAs(ctx.app, null, 'GET', url)).statusCode).toBe(401);
    // The payer's own copy is theirs; an admin's copy of it is an export, audited.
    expect(await auditRowsOf(ctx, 'payment', paid.paymentId)).toEqual([]);
    const adminCopy = await callAs(ctx.app, admin, 'GET', url);
    expect(adminCopy.statusCode).toBe(200);
    expect(await auditRowsOf(ctx, 'payment', paid.paymentId)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'EXPORT_PAYMENT_RECEIPT_PDF',
        after: expect.objectContaining({ what: `Receipt of payment ${paid.paymentId} (PDF)` }),
      }),
    ]);

    const pending = await bookSession(ctx);
    const pendingId = (await payByMpesa(ctx, pending.host, pending.id, phones.noCallback)).json().data.id;
    await ctx.database.db
      .update(payments)
      .set({ checkoutRequestId: `ws_CO_held_${pendingId}` })
      .where(eq(payments.id, pendingId));
    const notYet = await callAs(ctx.app, pending.host, 'GET', `${api}/payments/${pendingId}/receipt.pdf`);
    expect(notYet.statusCode).toBe(422);
    expect(notYet.json().message).toBe(reconciliationMessages.receiptNotPaid);
  });

  it("gives a mentor their monthly earnings statement with payouts' receipts, and only theirs", async () => {
    const paid = await paidByMpesa();
    const startsAt = new Date(Date.now() - 2 * 3_600_000);
    await moveSession(ctx, paid.id, startsAt);
    await mentorJoined(ctx, paid, new Date(startsAt.getTime() + 60_000));
    await noShowJob(ctx).run();
    await earningsService(ctx).settleEndedSessions();
    const payoutReference = freshReceipt();
    const payout = await callAs(ctx.app, admin, 'POST', 'payouts', {
      mentorId: paid.advisor.id,
      amount: 2000,
      reference: payoutReference,
    });
    expect(payout.statusCode, payout.body).toBe(200);

    const month = eat(new Date()).slice(0, 7);
    const url = `${api}/earnings/statement.pdf?month=${month}`;
    const res = await callAs(ctx.app, paid.advisor, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain(paid.reference);
    expect(text).toContain('KES 2,900');
    expect(text).toContain('KES 580');
    expect(text).toContain('KES 2,320');
    expect(text).toContain(payoutReference);
    expect(text).toContain(paid.advisor.name);

    const other = await bookSession(ctx);
    expect(
      (await callAs(ctx.app, other.advisor, 'GET', `${url}&mentorId=${paid.advisor.id}`)).statusCode,
    ).toBe(404);
    expect((await callAs(ctx.app, paid.host, 'GET', url)).statusCode).toBe(403);
    expect((await callAs(ctx.app, admin, 'GET', url)).statusCode).toBe(422);
    expect((await callAs(ctx.app, admin, 'GET', `${url}&mentorId=${paid.advisor.id}`)).statusCode).toBe(200);
    expect(
      (await auditRowsOf(ctx, 'user', paid.advisor.id)).filter((row) => row.action.startsWith('EXPORT_')),
    ).toEqual([expect.objectContaining({ actorId: admin.id, action: 'EXPORT_EARNINGS_STATEMENT_PDF' })]);
    const badMonth = await callAs(
      ctx.app,
      paid.advisor,
      'GET',
      `${api}/earnings/statement.pdf?month=2026-13`,
    );
    expect(badMonth.statusCode).toBe(422);
    expect(badMonth.json().message).toContain(reconciliationMessages.monthInvalid);
  });
});
