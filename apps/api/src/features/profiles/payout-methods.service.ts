import {
  maskTail,
  type PaymentMethodDetails,
  type PaymentMethodView,
} from '@myprosper/contract/advisor-settings';
import { messages } from '@myprosper/contract/messages';
import type { Db } from '../../db/connection.ts';
import { forbidden } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { isPhoneProofFor } from '../verification/verification.door.ts';
import { type PayoutMethodRow, PayoutMethodsRepository } from './payout-methods.repository.ts';

/** How a mentor is paid: M-PESA, bank or PayPal, one of them preferred. */
export class PayoutMethodsService {
  constructor(
    private readonly db: Db,
    /** The app's signing secret: phone proofs are checked with a key derived from it. */
    private readonly secret: string,
    private readonly now: () => Date,
  ) {}

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
    const verifiedAt = details.method === 'MPESA' ? await this.provenAt(caller.id, details) : null;
    await this.db.transaction(async (tx) => {
      const repository = new PayoutMethodsRepository(tx);
      await repository.lockOwner(caller.id);
      const isPreferred =
        details.preferred || !(await repository.hasOtherPreferred(caller.id, details.method));
      if (isPreferred) await repository.clearPreferred(caller.id);
      await repository.save(caller.id, details, isPreferred, verifiedAt);
    });
  }

  /**
   * Issue 21: an M-PESA number counts as the mentor's (and is paid) when it is their account's verified phone,
   * or comes with a valid proof that they typed the code sent to it. Otherwise it is kept unproven: never paid.
   */
  private async provenAt(
    userId: number,
    details: Extract<PaymentMethodDetails, { method: 'MPESA' }>,
  ): Promise<Date | null> {
    const now = this.now();
    const own = await new PayoutMethodsRepository(this.db).verifiedPhoneOf(userId);
    if (own !== null && own === details.mpesaPhoneNumber) return now;
    return (await isPhoneProofFor(this.secret, details.phoneProof, details.mpesaPhoneNumber, now))
      ? now
      : null;
  }
}

function toView(row: PayoutMethodRow): PaymentMethodView {
  return {
    method: row.method,
    preferred: row.preferred,
    mpesaPhoneNumber: row.mpesaPhoneNumber ? maskTail(row.mpesaPhoneNumber) : null,
    mpesaVerified: row.mpesaPhoneNumber !== null && row.mpesaVerifiedAt !== null,
    bankName: row.bankName,
    branch: row.branch,
    accountName: row.accountName,
    accountNumber: row.accountNumber ? maskTail(row.accountNumber) : null,
    paypalEmail: row.paypalEmail,
    updatedAt: row.updatedAt.toISOString(),
  };
}
