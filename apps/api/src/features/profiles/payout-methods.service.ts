import {
  maskTail,
  type PaymentMethodDetails,
  type PaymentMethodView,
} from '@myprosper/contract/advisor-settings';
import { messages } from '@myprosper/contract/messages';
import type { Db } from '../../db/connection.ts';
import { forbidden } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { type PayoutMethodRow, PayoutMethodsRepository } from './payout-methods.repository.ts';

/** How a mentor is paid: M-PESA, bank or PayPal, one of them preferred. */
export class PayoutMethodsService {
  constructor(private readonly db: Db) {}

  /** The saved methods with the phone and account number masked (their own; admins may read any). */
  async list(caller: CurrentUser, userId: number): Promise<PaymentMethodView[]> {
    if (caller.id !== userId && caller.role !== 'ADMIN') throw forbidden(messages.forbidden);
    const rows = await new PayoutMethodsRepository(this.db).list(userId);
    return rows.map(toView);
  }

  /**
   * Saves one method. Marked preferred, it becomes the only preferred one; the first method saved is
   * preferred whatever was asked, so a mentor with methods always has one preferred.
   */
  async save(caller: CurrentUser, details: PaymentMethodDetails): Promise<void> {
    await this.db.transaction(async (tx) => {
      const repository = new PayoutMethodsRepository(tx);
      await repository.lockOwner(caller.id);
      const isPreferred =
        details.preferred || !(await repository.hasOtherPreferred(caller.id, details.method));
      if (isPreferred) await repository.clearPreferred(caller.id);
      await repository.save(caller.id, details, isPreferred);
    });
  }
}

function toView(row: PayoutMethodRow): PaymentMethodView {
  return {
    method: row.method,
    preferred: row.preferred,
    mpesaPhoneNumber: row.mpesaPhoneNumber ? maskTail(row.mpesaPhoneNumber) : null,
    bankName: row.bankName,
    branch: row.branch,
    accountName: row.accountName,
    accountNumber: row.accountNumber ? maskTail(row.accountNumber) : null,
    paypalEmail: row.paypalEmail,
    updatedAt: row.updatedAt.toISOString(),
  };
}
