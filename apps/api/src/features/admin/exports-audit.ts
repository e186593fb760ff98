import type { DbOrTx } from '../../db/connection.ts';
import { AuditLogRepository } from './audit-log.repository.ts';

/** A file an admin took out of the console: what it holds about whom (issue 25: every export is audited). */
export interface AdminExport {
  adminId: number;
  /** PAYOUTS_CSV (mentors' bank and M-PESA details), PAYMENT_RECEIPT_PDF, EARNINGS_STATEMENT_PDF. */
  kind: 'PAYOUTS_CSV' | 'PAYMENT_RECEIPT_PDF' | 'EARNINGS_STATEMENT_PDF';
  /** The audit log's entity: 'export' for a list, else what the file is about ('payment', 'user'). */
  entity: string;
  entityId: number | null;
  fileName: string;
  /** In words, for the audit page: "Mentors owed, with payout details (bank accounts, M-PESA numbers)". */
  what: string;
  /** Rows of a list. */
  rows?: number;
}

/** The audit row of an export, written before the file is sent: a file that left is always on record. */
export async function recordAdminExport(db: DbOrTx, item: AdminExport): Promise<void> {
  await new AuditLogRepository(db).record({
    actorId: item.adminId,
    action: `EXPORT_${item.kind}`,
    entity: item.entity,
    entityId: item.entityId,
    before: null,
    after: {
      what: item.what,
      fileName: item.fileName,
      ...(item.rows === undefined ? {} : { rows: item.rows }),
    },
  });
}
