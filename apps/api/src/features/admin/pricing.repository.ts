import type { PriceType } from '@myprosper/contract/common';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { pricingSettings } from '../../db/schema/catalogue.ts';

const columns = {
  id: pricingSettings.id,
  priceType: pricingSettings.priceType,
  baseSessionPrice: pricingSettings.baseSessionPrice,
  vatTax: pricingSettings.vatTax,
  updatedAt: pricingSettings.updatedAt,
};

/** The price settings new bookings read (sessions keep the amount they were booked at). */
export class AdminPricingRepository {
  constructor(private readonly db: DbOrTx) {}

  list() {
    return this.db.select(columns).from(pricingSettings).orderBy(asc(pricingSettings.priceType));
  }

  /** The setting of a session type, locked for a change (inside a transaction), or null. */
  async lock(priceType: PriceType) {
    const [row] = await this.db
      .select(columns)
      .from(pricingSettings)
      .where(eq(pricingSettings.priceType, priceType))
      .for('update');
    return row ?? null;
  }

  async save(priceType: PriceType, values: { baseSessionPrice: number; vatTax: number }) {
    const [row] = await this.db
      .insert(pricingSettings)
      .values({ priceType, ...values })
      .onConflictDoUpdate({
        target: pricingSettings.priceType,
        set: { ...values, updatedAt: new Date() },
      })
      .returning(columns);
    return row!;
  }
}
