import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { mpesaRequests } from '../../db/schema/mpesa-requests.ts';

export type MpesaRequestRow = typeof mpesaRequests.$inferSelect;
export type MpesaRequestKind = MpesaRequestRow['kind'];

const openStates = ['REQUESTED', 'ACCEPTED', 'UNKNOWN'] as const;

/** Requests to Daraja's Result family, and the forward-only changes of their state. */
export class MpesaRequestsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** A new request; null when one with this reference exists (the same reference never requests twice). */
  async insert(values: typeof mpesaRequests.$inferInsert): Promise<MpesaRequestRow | null> {
    const [row] = await this.db
      .insert(mpesaRequests)
      .values(values)
      .onConflictDoNothing({ target: mpesaRequests.reference })
      .returning();
    return row ?? null;
  }

  async findByReference(reference: string): Promise<MpesaRequestRow | null> {
    const [row] = await this.db.select().from(mpesaRequests).where(eq(mpesaRequests.reference, reference));
    return row ?? null;
  }

  async find(id: number): Promise<MpesaRequestRow | null> {
    const [row] = await this.db.select().from(mpesaRequests).where(eq(mpesaRequests.id, id));
    return row ?? null;
  }

  async lock(id: number): Promise<MpesaRequestRow | null> {
    const [row] = await this.db.select().from(mpesaRequests).where(eq(mpesaRequests.id, id)).for('update');
    return row ?? null;
  }

  async lockByToken(token: string): Promise<MpesaRequestRow | null> {
    const [row] = await this.db
      .select()
      .from(mpesaRequests)
      .where(eq(mpesaRequests.callbackToken, token))
      .for('update');
    return row ?? null;
  }

  /**
   * Daraja queued it: its ids (the originator id only where Daraja made it). A result that came first has
   * settled it already; then only missing ids are filled in.
   */
  async markAccepted(
    id: number,
    ids: { originatorConversationId: string; conversationId: string },
    now: Date,
  ): Promise<void> {
    await this.db
      .update(mpesaRequests)
      .set({
        state: sql`CASE WHEN ${mpesaRequests.state} = 'REQUESTED' THEN 'ACCEPTED'::mpesa_request_state ELSE ${mpesaRequests.state} END`,
        originatorConversationId: sql`COALESCE(${mpesaRequests.originatorConversationId}, ${ids.originatorConversationId})`,
        conversationId: sql`COALESCE(${mpesaRequests.conversationId}, ${ids.conversationId})`,
        acceptedAt: sql`COALESCE(${mpesaRequests.acceptedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(mpesaRequests.id, id));
  }

  /** Ids a result names for a request whose ack was never recorded (the token vouched for it). */
  async fillIds(id: number, ids: { originatorConversationId: string | null; conversationId: string | null }) {
    await this.db
      .update(mpesaRequests)
      .set({
        originatorConversationId: sql`COALESCE(${mpesaRequests.originatorConversationId}, ${ids.originatorConversationId})`,
        conversationId: sql`COALESCE(${mpesaRequests.conversationId}, ${ids.conversationId})`,
      })
      .where(eq(mpesaRequests.id, id));
  }

  /** Timed out in Daraja's queue: the outcome is unknown until Transaction Status says. */
  async markUnknown(id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(mpesaRequests)
      .set({ state: 'UNKNOWN', updatedAt: now })
      .where(and(eq(mpesaRequests.id, id), inArray(mpesaRequests.state, ['REQUESTED', 'ACCEPTED'])))
      .returning({ id: mpesaRequests.id });
    return rows.length === 1;
  }

  /** Open to SUCCEEDED or FAILED, once: false when it was final already. */
  async settle(
    id: number,
    fields: {
      state: 'SUCCEEDED' | 'FAILED';
      resultCode: string | null;
      resultDesc: string;
      receipt: string | null;
      parameters: Record<string, string | number | null> | null;
      failureReason: string | null;
      now: Date;
    },
  ): Promise<MpesaRequestRow | null> {
    const [row] = await this.db
      .update(mpesaRequests)
      .set({
        state: fields.state,
        resultCode: fields.resultCode,
        resultDesc: fields.resultDesc,
        receipt: fields.receipt,
        resultParameters: fields.parameters,
        failureReason: fields.failureReason,
        completedAt: fields.now,
        updatedAt: fields.now,
      })
      .where(and(eq(mpesaRequests.id, id), inArray(mpesaRequests.state, [...openStates])))
      .returning();
    return row ?? null;
  }

  /**
   * Open B2C payments and reversals made before `before` and not checked since then (queue timeouts at once),
   * oldest first.
   */
  async dueForCheck(before: Date, limit: number): Promise<MpesaRequestRow[]> {
    return this.db
      .select()
      .from(mpesaRequests)
      .where(
        and(
          inArray(mpesaRequests.kind, ['B2C', 'REVERSAL']),
          inArray(mpesaRequests.state, [...openStates]),
          or(lte(mpesaRequests.createdAt, before), eq(mpesaRequests.state, 'UNKNOWN')),
          or(isNull(mpesaRequests.lastCheckedAt), lte(mpesaRequests.lastCheckedAt, before)),
        ),
      )
      .orderBy(asc(mpesaRequests.createdAt))
      .limit(limit);
  }

  /** One more status check was asked about it now. */
  async noteChecked(id: number, now: Date): Promise<number> {
    const [row] = await this.db
      .update(mpesaRequests)
      .set({ statusChecks: sql`${mpesaRequests.statusChecks} + 1`, lastCheckedAt: now })
      .where(eq(mpesaRequests.id, id))
      .returning({ checks: mpesaRequests.statusChecks });
    return row?.checks ?? 0;
  }

  /** The latest Account Balance that came back. */
  async latestBalance(): Promise<MpesaRequestRow | null> {
    const [row] = await this.db
      .select()
      .from(mpesaRequests)
      .where(and(eq(mpesaRequests.kind, 'BALANCE'), eq(mpesaRequests.state, 'SUCCEEDED')))
      .orderBy(desc(mpesaRequests.completedAt), desc(mpesaRequests.id))
      .limit(1);
    return row ?? null;
  }

  /** The newest Account Balance request, whatever became of it. */
  async newestBalanceRequest(): Promise<MpesaRequestRow | null> {
    const [row] = await this.db
      .select()
      .from(mpesaRequests)
      .where(eq(mpesaRequests.kind, 'BALANCE'))
      .orderBy(desc(mpesaRequests.createdAt), desc(mpesaRequests.id))
      .limit(1);
    return row ?? null;
  }

  /** Every request of a purpose, newest first (admins, tests). */
  async listByPurpose(purpose: string, limit = 100): Promise<MpesaRequestRow[]> {
    return this.db
      .select()
      .from(mpesaRequests)
      .where(eq(mpesaRequests.purpose, purpose))
      .orderBy(desc(mpesaRequests.createdAt), desc(mpesaRequests.id))
      .limit(limit);
  }
}
