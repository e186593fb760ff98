import { minPaidGroupAttendees } from '@myprosper/contract/pricing';
import { and, asc, eq, gt, isNotNull, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { pricingSettings } from '../../db/schema/catalogue.ts';
import { groupCovers } from '../../db/schema/payments.ts';
import { sessionParticipants, sessions } from '../../db/schema/sessions.ts';

/** A group's cut-off as recorded: what the host was asked, by when, and whether they paid it. */
export interface CoverRow {
  sessionId: number;
  amount: number;
  checkedAt: Date;
  dueBy: Date | null;
  paidAt: Date | null;
  transactionId: number | null;
}

/** Reads and writes of group covers (issue 20, "Groups"); the session is locked by the caller first. */
export class GroupCoverRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Paid confirmed groups whose cut-off has come (start within `cutoffHours`) and were not checked yet. */
  async sessionsAtCutoff(now: Date, cutoffHours: number, limit: number): Promise<number[]> {
    const horizon = new Date(now.getTime() + cutoffHours * 3_600_000);
    const rows = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.sessionType, 'GROUP'),
          eq(sessions.status, 'CONFIRMED'),
          gt(sessions.amount, 0),
          gt(sessions.startsAt, now),
          lte(sessions.startsAt, horizon),
          notExists(
            this.db.select({ one: sql`1` }).from(groupCovers).where(eq(groupCovers.sessionId, sessions.id)),
          ),
        ),
      )
      .orderBy(asc(sessions.startsAt), asc(sessions.id))
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /** Covers asked, unpaid past their time, of sessions still confirmed. */
  async lapsedCovers(now: Date, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: groupCovers.sessionId })
      .from(groupCovers)
      .innerJoin(sessions, eq(sessions.id, groupCovers.sessionId))
      .where(
        and(
          gt(groupCovers.amount, 0),
          isNull(groupCovers.paidAt),
          lte(groupCovers.dueBy, now),
          eq(sessions.status, 'CONFIRMED'),
        ),
      )
      .orderBy(asc(groupCovers.dueBy))
      .limit(limit);
    return rows.map((row) => row.id);
  }

  async findCover(sessionId: number): Promise<CoverRow | null> {
    const [row] = await this.db.select().from(groupCovers).where(eq(groupCovers.sessionId, sessionId));
    return row ?? null;
  }

  /** Records the cut-off once (the primary key); answers false if it was recorded already. */
  async insertCover(values: { sessionId: number; amount: number; checkedAt: Date; dueBy: Date | null }) {
    const inserted = await this.db
      .insert(groupCovers)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: groupCovers.sessionId });
    return inserted.length > 0;
  }

  async markPaid(sessionId: number, transactionId: number, now: Date): Promise<void> {
    await this.db
      .update(groupCovers)
      .set({ paidAt: now, transactionId })
      .where(eq(groupCovers.sessionId, sessionId));
  }

  /** The host's paid top-up of a session, if any: refunded with the shares, or kept with the host's share. */
  async paidCover(sessionId: number): Promise<{ amount: number } | null> {
    const [row] = await this.db
      .select({ amount: groupCovers.amount })
      .from(groupCovers)
      .where(
        and(
          eq(groupCovers.sessionId, sessionId),
          isNotNull(groupCovers.paidAt),
          isNotNull(groupCovers.transactionId),
        ),
      );
    return row ?? null;
  }

  /**
   * Whether the host is asked and has not paid while fewer than two attendees have: the session then cancels
   * with a full refund for everyone, whoever cancels it.
   */
  async isDue(sessionId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ one: sql`1` })
      .from(groupCovers)
      .where(
        and(
          eq(groupCovers.sessionId, sessionId),
          gt(groupCovers.amount, 0),
          isNull(groupCovers.paidAt),
          sql`(select count(*) from ${sessionParticipants} p where p.session_id = ${groupCovers.sessionId} and p.payment_status = 'PAID') < ${minPaidGroupAttendees}`,
        ),
      );
    return row !== undefined;
  }

  /** The price of a one-to-one hour now (base plus VAT inputs), or null if none is set. */
  async individualPricing(): Promise<{ base_session_price: number; vat_tax: number } | null> {
    const [row] = await this.db
      .select({ base_session_price: pricingSettings.baseSessionPrice, vat_tax: pricingSettings.vatTax })
      .from(pricingSettings)
      .where(eq(pricingSettings.priceType, 'INDIVIDUAL'));
    return row ?? null;
  }
}
