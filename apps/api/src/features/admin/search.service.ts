import type { ManagedRole } from '@myprosper/contract/admin-people';
import type { AdminSearchResult, ReceiptLookup } from '@myprosper/contract/admin-search';
import { looksLikeMpesaReceipt } from '@myprosper/contract/admin-search';
import type { Db } from '../../db/connection.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import type { ReceiptLookups } from '../payments/payments.door.ts';
import { AuditLogRepository } from './audit-log.repository.ts';
import { AdminPaymentsRepository } from './payments.repository.ts';
import { toAdminPayment } from './payments.service.ts';
import { phoneDigits } from './search-terms.ts';
import { AdminSessionsRepository } from './sessions.repository.ts';
import { toAdminSession } from './sessions.service.ts';
import { AdminUsersRepository } from './users.repository.ts';
import { AdminVouchersRepository, toAdminVoucher } from './vouchers.repository.ts';

/** How many of each kind the search box shows; each list page shows the rest. */
const firstFew = 5;

/**
 * The console's one search box (issue 25): one text across people, sessions, payments and vouchers, each by
 * what an operator may be told (name, e-mail, phone in any form, session or voucher reference, M-PESA receipt,
 * card reference, checkout id). A text that looks like an M-PESA code no payment carries may be asked of M-PESA.
 */
export class AdminSearchService {
  constructor(
    private readonly db: Db,
    private readonly lookups: ReceiptLookups,
  ) {}

  async search(query: string, now = new Date()): Promise<AdminSearchResult> {
    const page = { limit: firstFew, offset: 0 };
    const [people, sessions, payments, vouchers] = await Promise.all([
      new AdminUsersRepository(this.db).search({ query, ...page }),
      new AdminSessionsRepository(this.db).search({ person: query, now, ...page }),
      new AdminPaymentsRepository(this.db).search({ query, ...page }),
      new AdminVouchersRepository(this.db).search({ query, ...page }),
    ]);
    const receipt = looksLikeMpesaReceipt(query) ? await this.lookups.state(query.toUpperCase()) : null;
    return {
      query,
      phone: phoneDigits(query),
      people: {
        items: people.rows.map((row) => ({
          ...row,
          role: row.role as ManagedRole,
          createdAt: row.createdAt.toISOString(),
        })),
        total: people.total,
      },
      sessions: { items: sessions.rows.map((row) => toAdminSession(row, now)), total: sessions.total },
      payments: { items: payments.rows.map(toAdminPayment), total: payments.total },
      vouchers: { items: vouchers.rows.map(toAdminVoucher), total: vouchers.total },
      receipt,
    };
  }

  /** Asks M-PESA about a code no payment carries (audited: it is a question asked in the business's name). */
  async lookUp(admin: CurrentUser, receipt: string): Promise<ReceiptLookup> {
    const before = await this.lookups.state(receipt);
    const after = await this.lookups.ask(receipt);
    if (before.status !== 'FOUND' && before.status !== 'CHECKING') {
      await new AuditLogRepository(this.db).record({
        actorId: admin.id,
        action: 'LOOK_UP_MPESA_RECEIPT',
        entity: 'receipt',
        entityId: null,
        before: { receipt, status: before.status },
        after: { receipt, status: after.status, what: `Asked M-PESA about ${receipt}` },
      });
    }
    return after;
  }

  state(receipt: string): Promise<ReceiptLookup> {
    return this.lookups.state(receipt);
  }
}
