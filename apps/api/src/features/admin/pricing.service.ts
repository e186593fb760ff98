import type { AdminPricing } from '@myprosper/contract/admin-catalogue';
import { type PriceType, priceTypes } from '@myprosper/contract/common';
import { sessionPrice } from '@myprosper/contract/pricing';
import type { Db } from '../../db/connection.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { AuditLogRepository } from './audit-log.repository.ts';
import { AdminPricingRepository } from './pricing.repository.ts';

function toPricing(
  priceType: PriceType,
  row: { baseSessionPrice: number; vatTax: number; updatedAt: Date } | undefined,
): AdminPricing {
  const baseSessionPrice = row?.baseSessionPrice ?? 0;
  const vatTax = row?.vatTax ?? 0;
  return {
    priceType,
    baseSessionPrice,
    vatTax,
    amount: sessionPrice({ base_session_price: baseSessionPrice, vat_tax: vatTax }),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/**
 * Session prices (INDIVIDUAL and GROUP: base price and VAT). A change applies to new bookings only: every
 * session stores the amount it was booked at, and nothing here touches sessions. Each change is audited.
 */
export class AdminPricingService {
  constructor(private readonly db: Db) {}

  async list(): Promise<AdminPricing[]> {
    const rows = await new AdminPricingRepository(this.db).list();
    return priceTypes.map((type) =>
      toPricing(
        type,
        rows.find((row) => row.priceType === type),
      ),
    );
  }

  async save(
    admin: CurrentUser,
    priceType: PriceType,
    values: { baseSessionPrice: number; vatTax: number },
  ): Promise<AdminPricing> {
    return this.db.transaction(async (tx) => {
      const repository = new AdminPricingRepository(tx);
      const before = await repository.lock(priceType);
      const row = await repository.save(priceType, values);
      await new AuditLogRepository(tx).record({
        actorId: admin.id,
        action: 'UPDATE_PRICING',
        entity: 'pricing',
        entityId: row.id,
        before: before && {
          priceType,
          baseSessionPrice: before.baseSessionPrice,
          vatTax: before.vatTax,
          amount: toPricing(priceType, before).amount,
        },
        after: { priceType, ...values, amount: toPricing(priceType, row).amount },
      });
      return toPricing(priceType, row);
    });
  }
}
