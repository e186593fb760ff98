import {
  adminMoneyMessages,
  describePayoutMethod,
  type MentorOwed,
  type PayoutHistoryPage,
  type PayoutRecord,
} from '@myprosper/contract/admin-money';
import { formatKes } from '@myprosper/contract/payments';
import type { Db } from '../../db/connection.ts';
import { pgErrorOf, uniqueViolation } from '../../db/database-errors.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import {
  DuplicateLedgerTransactionError,
  InsufficientFundsError,
  postTransaction,
} from '../wallet/wallet.door.ts';
import { AuditLogRepository } from './audit-log.repository.ts';
import { type CsvValue, csvText, toCsv } from './csv.ts';
import { recordAdminExport } from './exports-audit.ts';
import { AdminPayoutsRepository } from './payouts.repository.ts';

/**
 * Paying mentors: what each is owed (their wallet balance), how they want to be paid, and the record of a
 * transfer made outside the app: a PAYOUT ledger transaction from their wallet to PAYOUTS, which the ledger
 * refuses beyond the balance (the wallet row is locked and may not go below zero).
 */
export class AdminPayoutsService {
  constructor(private readonly db: Db) {}

  async mentorsOwed(filter: { query?: string; owed: boolean }): Promise<MentorOwed[]> {
    const repository = new AdminPayoutsRepository(this.db);
    const rows = await repository.mentorsOwed({ query: filter.query, owedOnly: filter.owed });
    const ids = rows.map((row) => row.id);
    const [methods, lastPayouts] = await Promise.all([
      repository.methodsOf(ids),
      repository.lastPayoutsOf(ids),
    ]);
    return rows.map(({ balance, paidOutTotal, ...mentor }) => {
      const last = lastPayouts.get(mentor.id);
      return {
        mentor,
        balance,
        method: methods.get(mentor.id) ?? null,
        lastPayout: last ? { ...last, paidAt: last.paidAt.toISOString() } : null,
        paidOutTotal,
      };
    });
  }

  async record(
    admin: CurrentUser,
    input: { mentorId: number; amount: number; reference: string },
  ): Promise<PayoutRecord> {
    const reference = input.reference.trim();
    let balanceAfter: number | null = null;
    const payoutId = await this.db
      .transaction(async (tx) => {
        const repository = new AdminPayoutsRepository(tx);
        const mentor = await repository.findMentor(input.mentorId);
        if (!mentor) throw notFound(adminMoneyMessages.mentorNotFound);
        const method = (await repository.methodsOf([mentor.id])).get(mentor.id) ?? null;
        const details = describePayoutMethod(method);
        const posted = await postTransaction(tx, {
          kind: 'PAYOUT',
          reference: `payout:${reference.toLowerCase()}`,
          memo: `Payout ${reference} (${details})`,
          lines: [
            { account: { wallet: mentor.id }, amount: -input.amount },
            { account: { platform: 'PAYOUTS' }, amount: input.amount },
          ],
        });
        balanceAfter = posted.walletBalances.get(mentor.id) ?? null;
        const id = await repository.insert({
          mentorId: mentor.id,
          amount: input.amount,
          method: method?.method ?? null,
          details,
          reference,
          transactionId: posted.transactionId,
          paidBy: admin.id,
        });
        await new AuditLogRepository(tx).record({
          actorId: admin.id,
          action: 'RECORD_PAYOUT',
          entity: 'payout',
          entityId: id,
          before: { mentorId: mentor.id, balance: (balanceAfter ?? 0) + input.amount },
          after: { mentorId: mentor.id, balance: balanceAfter, amount: input.amount, reference, details },
        });
        return id;
      })
      .catch((error: unknown) => {
        throw payoutError(error);
      });
    const { rows } = await new AdminPayoutsRepository(this.db).history({ id: payoutId, limit: 1, offset: 0 });
    return { ...toRecord(rows[0]!), balanceAfter };
  }

  async history(filter: { mentorId?: number; page: number; pageSize: number }): Promise<PayoutHistoryPage> {
    const { rows, total } = await new AdminPayoutsRepository(this.db).history({
      mentorId: filter.mentorId,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return { items: rows.map(toRecord), total, page: filter.page, pageSize: filter.pageSize };
  }

  /**
   * Every mentor owed something, with their payout details: the sheet a payer works from. It holds bank accounts
   * and M-PESA numbers, so taking it is audited (who, when, how many rows) before it is sent. Phones, account
   * numbers and references stay text in a spreadsheet (csv.ts).
   */
  async csv(admin: CurrentUser, fileName: string): Promise<string> {
    const owed = await this.mentorsOwed({ owed: true });
    await recordAdminExport(this.db, {
      adminId: admin.id,
      kind: 'PAYOUTS_CSV',
      entity: 'export',
      entityId: null,
      fileName,
      what: 'Mentors owed, with their payout details (bank accounts, M-PESA numbers)',
      rows: owed.length,
    });
    const header: CsvValue[] = [
      'Mentor ID',
      'Name',
      'Email',
      'Phone',
      'Status',
      'Owed (KES)',
      'Payout method',
      'M-PESA number',
      'Bank',
      'Branch',
      'Account name',
      'Account number',
      'PayPal email',
      'Paid out to date (KES)',
      'Last payout (KES)',
      'Last payout reference',
      'Last payout date',
    ];
    const lines = owed.map((row): CsvValue[] => [
      row.mentor.id,
      row.mentor.name,
      row.mentor.email,
      csvText(row.mentor.phoneNumber),
      row.mentor.status,
      row.balance,
      row.method?.method ?? '',
      csvText(row.method?.mpesaPhoneNumber),
      row.method?.bankName,
      row.method?.branch,
      row.method?.accountName,
      csvText(row.method?.accountNumber),
      row.method?.paypalEmail,
      row.paidOutTotal,
      row.lastPayout?.amount,
      csvText(row.lastPayout?.reference),
      row.lastPayout?.paidAt,
    ]);
    return toCsv([header, ...lines]);
  }
}

type HistoryRow = Awaited<ReturnType<AdminPayoutsRepository['history']>>['rows'][number];

function toRecord(row: HistoryRow): PayoutRecord {
  return {
    id: row.id,
    mentor: row.mentor,
    amount: row.amount,
    method: row.method,
    details: row.details,
    reference: row.reference,
    paidBy: row.paidById === null ? null : { id: row.paidById, name: row.paidByName ?? '' },
    paidAt: row.paidAt.toISOString(),
    balanceAfter: null,
  };
}

/** The ledger's refusals in words an admin acts on. */
function payoutError(error: unknown): unknown {
  if (error instanceof InsufficientFundsError) {
    return error.balance === 0
      ? invalid(adminMoneyMessages.nothingOwed)
      : invalid(adminMoneyMessages.payoutOverBalance(formatKes(error.balance)));
  }
  const info = pgErrorOf(error);
  if (
    error instanceof DuplicateLedgerTransactionError ||
    (info?.code === uniqueViolation && info.constraint === 'payouts_reference_unique')
  ) {
    return new AppError('CONFLICT', adminMoneyMessages.duplicatePayoutReference);
  }
  return error;
}
