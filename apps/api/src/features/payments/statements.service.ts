import { formatKes, localPhoneOf } from '@myprosper/contract/payments';
import {
  reconciliationMessages as messages,
  pdfTexts as texts,
  vatIncluded,
} from '@myprosper/contract/reconciliation';
import { slotStart } from '@myprosper/contract/slots';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/connection.ts';
import { forbidden, invalid, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { type BusinessDetails, renderPdf } from './statement-pdf.ts';
import { StatementsRepository } from './statements.repository.ts';

type StatementsEnv = Pick<
  Env,
  'BUSINESS_NAME' | 'BUSINESS_ADDRESS' | 'BUSINESS_KRA_PIN' | 'BUSINESS_EMAIL' | 'TIME_ZONE'
>;

export interface PdfFile {
  fileName: string;
  pdf: Buffer;
}

/** A payment's receipt number as printed: 'MP-R-000123'. */
export const receiptNumberOf = (paymentId: number) => `MP-R-${String(paymentId).padStart(6, '0')}`;

/**
 * The PDFs people download: an advisee's receipt for one payment, a mentor's monthly earnings statement. Only
 * the owner (or an admin) gets one; anyone else is told it does not exist.
 */
export class StatementsService {
  private readonly business: BusinessDetails;

  constructor(
    private readonly db: Db,
    private readonly env: StatementsEnv,
  ) {
    this.business = {
      name: env.BUSINESS_NAME,
      address: env.BUSINESS_ADDRESS,
      kraPin: env.BUSINESS_KRA_PIN,
      email: env.BUSINESS_EMAIL,
    };
  }

  private when(date: Date): string {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone: this.env.TIME_ZONE,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(date);
  }

  private day(date: Date): string {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone: this.env.TIME_ZONE,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(date);
  }

  async receipt(caller: CurrentUser, paymentId: number): Promise<PdfFile> {
    const repo = new StatementsRepository(this.db);
    const payment = await repo.receipt(paymentId);
    if (!payment || (payment.payerId !== caller.id && caller.role !== 'ADMIN')) {
      throw notFound(messages.receiptNotFound);
    }
    if (payment.status !== 'SUCCEEDED') throw invalid(messages.receiptNotPaid);
    const vatPercent = await repo.vatPercent();
    const number = receiptNumberOf(payment.id);
    const isMpesa = payment.provider === 'MPESA';
    const forWhat =
      payment.sessionReference && payment.sessionStartsAt
        ? texts.sessionFor(
            payment.sessionReference,
            payment.topicName ?? '',
            payment.mentorName ?? '',
            this.when(payment.sessionStartsAt),
          )
        : texts.walletTopUp;
    const pdf = await renderPdf({
      business: this.business,
      title: texts.receiptTitle,
      subtitle: texts.receiptSubtitle(number),
      blocks: [
        {
          kind: 'fields',
          fields: [
            [texts.receiptNumber, number],
            [texts.date, this.when(payment.completedAt ?? payment.createdAt)],
            [texts.paidBy, `${payment.payerName} (${payment.payerEmail})`],
            [texts.paidFor, forWhat],
            [
              texts.method,
              isMpesa ? texts.mpesaMethod(localPhoneOf(payment.phoneNumber ?? '')) : texts.cardMethod,
            ],
            [
              isMpesa ? texts.mpesaReceipt : texts.cardReference,
              payment.providerReference ?? texts.pendingReceipt,
            ],
            [texts.amount, formatKes(payment.amount)],
            [texts.vat(vatPercent), formatKes(vatIncluded(payment.amount, vatPercent))],
          ],
        },
      ],
      footer: texts.receiptFooter,
    });
    return { fileName: `myprosper-receipt-${number}.pdf`, pdf };
  }

  async earnings(caller: CurrentUser, month: string, mentorId?: number): Promise<PdfFile> {
    const repo = new StatementsRepository(this.db);
    let whose = caller.id;
    if (caller.role === 'ADMIN') {
      if (mentorId === undefined) throw invalid(messages.statementMentorsOnly);
      whose = mentorId;
    } else if (caller.role !== 'ADVISOR') {
      throw forbidden(messages.statementMentorsOnly);
    } else if (mentorId !== undefined && mentorId !== caller.id) {
      throw notFound(messages.statementMentorsOnly);
    }
    const mentor = await repo.person(whose);
    if (!mentor || mentor.role !== 'ADVISOR') throw notFound(messages.statementMentorsOnly);
    const [year, monthNo] = month.split('-').map(Number) as [number, number];
    const next = monthNo === 12 ? `${year + 1}-01` : `${year}-${String(monthNo + 1).padStart(2, '0')}`;
    const from = slotStart(`${month}-01`, 0, this.env.TIME_ZONE);
    const to = slotStart(`${next}-01`, 0, this.env.TIME_ZONE);
    const [settled, paidOut] = await Promise.all([
      repo.settlements(whose, from, to),
      repo.payouts(whose, from, to),
    ]);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const held = settled.filter((row) => row.paid > 0);
    const monthName = new Intl.DateTimeFormat('en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(year, monthNo - 1, 15)));
    const pdf = await renderPdf({
      business: this.business,
      title: texts.statementTitle,
      subtitle: texts.statementSubtitle(mentor.name, monthName),
      blocks: [
        {
          kind: 'fields',
          fields: [
            [texts.sessionsHeld, String(held.length)],
            [texts.gross, formatKes(sum(held.map((row) => row.paid)))],
            [texts.commission, formatKes(sum(held.map((row) => row.commission)))],
            [texts.earnings, formatKes(sum(held.map((row) => row.earnings)))],
            [texts.paidOut, formatKes(sum(paidOut.map((row) => row.amount)))],
          ],
        },
        { kind: 'heading', text: texts.sessionsHeading },
        {
          kind: 'table',
          table: {
            columns: [
              { title: texts.sessionColumns[0], width: 16 },
              { title: texts.sessionColumns[1], width: 24 },
              { title: texts.sessionColumns[2], width: 15 },
              { title: texts.sessionColumns[3], width: 15, align: 'right' },
              { title: texts.sessionColumns[4], width: 15, align: 'right' },
              { title: texts.sessionColumns[5], width: 15, align: 'right' },
            ],
            rows: held.map((row) => [
              row.reference,
              row.topicName,
              this.day(row.startsAt),
              formatKes(row.paid),
              formatKes(row.commission),
              formatKes(row.earnings),
            ]),
            empty: texts.noSessions,
          },
        },
        { kind: 'heading', text: texts.payoutsHeading },
        {
          kind: 'table',
          table: {
            columns: [
              { title: texts.payoutColumns[0], width: 20 },
              { title: texts.payoutColumns[1], width: 20 },
              { title: texts.payoutColumns[2], width: 40 },
              { title: texts.payoutColumns[3], width: 20, align: 'right' },
            ],
            rows: paidOut.map((row) => [
              this.day(row.paidAt),
              row.method ?? '',
              row.reference,
              formatKes(row.amount),
            ]),
            empty: texts.noPayouts,
          },
        },
      ],
      footer: texts.statementFooter,
    });
    return { fileName: `myprosper-earnings-${month}.pdf`, pdf };
  }
}
