import { and, asc, desc, eq, gte, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection.ts';
import { payouts as recordedPayouts } from '../../db/schema/admin.ts';
import { mentorPayouts, payoutRuns, sessionDisputes } from '../../db/schema/mentor-payouts.ts';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  sessionSettlements,
} from '../../db/schema/payments.ts';
import { payoutMethods } from '../../db/schema/profiles.ts';
import { sessionParticipants, sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';

export type MentorPayoutRow = typeof mentorPayouts.$inferSelect;
export type DisputeRow = typeof sessionDisputes.$inferSelect;

const mentor = alias(users, 'dispute_mentor');
const opener = alias(users, 'dispute_opener');

/** Payout runs, B2C payouts and disputes (issue 21): the only code that reads or writes their tables. */
export class PayoutsRepository {
  constructor(private readonly db: DbOrTx) {}

  // ---- Runs ----

  /** Starts a run under its key; null when a run with that key exists (it was started before). */
  async insertRun(values: typeof payoutRuns.$inferInsert): Promise<number | null> {
    const [row] = await this.db
      .insert(payoutRuns)
      .values(values)
      .onConflictDoNothing({ target: payoutRuns.runKey })
      .returning({ id: payoutRuns.id });
    return row?.id ?? null;
  }

  async runByKey(runKey: string) {
    const [row] = await this.db.select().from(payoutRuns).where(eq(payoutRuns.runKey, runKey));
    return row ?? null;
  }

  async finishRun(runId: number, at: Date): Promise<void> {
    await this.db.update(payoutRuns).set({ finishedAt: at }).where(eq(payoutRuns.id, runId));
  }

  /**
   * Mentors who prefer M-PESA to a proven number and whose wallet holds at least `minimum`, with that number.
   * Bank (or PayPal) preferring mentors are never listed: they stay on the CSV export.
   */
  async payableMentors(minimum: number) {
    return this.db
      .select({
        mentorId: users.id,
        phoneNumber: sql<string>`${payoutMethods.mpesaPhoneNumber}`,
        balance: sql<number>`${ledgerAccounts.balance}`.mapWith(Number),
      })
      .from(payoutMethods)
      .innerJoin(users, eq(users.id, payoutMethods.userId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.userId, users.id))
      .where(
        and(
          eq(users.role, 'ADVISOR'),
          eq(payoutMethods.method, 'MPESA'),
          eq(payoutMethods.preferred, true),
          isNotNull(payoutMethods.mpesaPhoneNumber),
          isNotNull(payoutMethods.mpesaVerifiedAt),
          gte(ledgerAccounts.balance, minimum),
        ),
      )
      .orderBy(users.id);
  }

  /**
   * The mentor's preferred payout number, only when it is M-PESA and proven, and nobody else's verified phone
   * (a number proven by another account since is not theirs to be paid at).
   */
  async provenPayoutNumber(mentorId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ phoneNumber: payoutMethods.mpesaPhoneNumber })
      .from(payoutMethods)
      .where(
        and(
          eq(payoutMethods.userId, mentorId),
          eq(payoutMethods.method, 'MPESA'),
          eq(payoutMethods.preferred, true),
          isNotNull(payoutMethods.mpesaVerifiedAt),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(users)
              .where(
                and(
                  eq(users.phoneNumber, sql`${payoutMethods.mpesaPhoneNumber}`),
                  isNotNull(users.phoneVerifiedAt),
                  sql`${users.id} <> ${mentorId}`,
                ),
              ),
          ),
        ),
      );
    return row?.phoneNumber ?? null;
  }

  /** Locks the mentor's wallet row and answers its balance (0 without one). */
  async lockWalletBalance(mentorId: number): Promise<number> {
    const [row] = await this.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, mentorId))
      .for('update');
    return row?.balance ?? 0;
  }

  async walletBalance(mentorId: number): Promise<number> {
    const [row] = await this.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, mentorId));
    return row?.balance ?? 0;
  }

  async hasPayoutInRun(runId: number, mentorId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: mentorPayouts.id })
      .from(mentorPayouts)
      .where(and(eq(mentorPayouts.runId, runId), eq(mentorPayouts.mentorId, mentorId)));
    return row !== undefined;
  }

  async hasPayoutInFlight(mentorId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: mentorPayouts.id })
      .from(mentorPayouts)
      .where(and(eq(mentorPayouts.mentorId, mentorId), eq(mentorPayouts.status, 'IN_FLIGHT')));
    return row !== undefined;
  }

  async insertPayout(values: typeof mentorPayouts.$inferInsert): Promise<MentorPayoutRow> {
    const [row] = await this.db.insert(mentorPayouts).values(values).returning();
    return row!;
  }

  async lockPayoutByReference(reference: string): Promise<MentorPayoutRow | null> {
    const [row] = await this.db
      .select()
      .from(mentorPayouts)
      .where(eq(mentorPayouts.reference, reference))
      .for('update');
    return row ?? null;
  }

  async findPayout(id: number): Promise<MentorPayoutRow | null> {
    const [row] = await this.db.select().from(mentorPayouts).where(eq(mentorPayouts.id, id));
    return row ?? null;
  }

  async markPaid(id: number, values: { receipt: string; transactionId: number; at: Date }): Promise<void> {
    await this.db
      .update(mentorPayouts)
      .set({
        status: 'PAID',
        receipt: values.receipt,
        resultCode: '0',
        settledTransactionId: values.transactionId,
        completedAt: values.at,
      })
      .where(eq(mentorPayouts.id, id));
  }

  async markFailed(
    id: number,
    values: { resultCode: string; reason: string; transactionId: number; at: Date },
  ): Promise<void> {
    await this.db
      .update(mentorPayouts)
      .set({
        status: 'FAILED',
        resultCode: values.resultCode,
        failureReason: values.reason,
        settledTransactionId: values.transactionId,
        completedAt: values.at,
      })
      .where(eq(mentorPayouts.id, id));
  }

  async payoutsOf(mentorId: number, limit: number): Promise<MentorPayoutRow[]> {
    return this.db
      .select()
      .from(mentorPayouts)
      .where(eq(mentorPayouts.mentorId, mentorId))
      .orderBy(desc(mentorPayouts.createdAt), desc(mentorPayouts.id))
      .limit(limit);
  }

  /** KES in flight and paid by M-PESA, and paid by recorded (bank) transfers. */
  async payoutTotals(mentorId: number) {
    const [mpesa] = await this.db
      .select({
        inFlight: sql<number>`coalesce(sum(${mentorPayouts.amount}) filter (where ${mentorPayouts.status} = 'IN_FLIGHT'), 0)::int`,
        paid: sql<number>`coalesce(sum(${mentorPayouts.amount}) filter (where ${mentorPayouts.status} = 'PAID'), 0)::int`,
      })
      .from(mentorPayouts)
      .where(eq(mentorPayouts.mentorId, mentorId));
    const [recorded] = await this.db
      .select({ paid: sql<number>`coalesce(sum(${recordedPayouts.amount}), 0)::int` })
      .from(recordedPayouts)
      .where(eq(recordedPayouts.mentorId, mentorId));
    return { inFlight: mpesa?.inFlight ?? 0, paid: (mpesa?.paid ?? 0) + (recorded?.paid ?? 0) };
  }

  /** The mentor's preferred payout method (or null). */
  async preferredMethod(mentorId: number) {
    const [row] = await this.db
      .select({ method: payoutMethods.method })
      .from(payoutMethods)
      .where(and(eq(payoutMethods.userId, mentorId), eq(payoutMethods.preferred, true)));
    return row?.method ?? null;
  }

  /**
   * What the escrow holds for each of the mentor's ended, confirmed sessions not settled yet (in their hold,
   * waiting for the word on the mentor, or disputed): the mentor's pending earnings before commission.
   */
  async heldEscrows(
    mentorId: number,
    now: Date,
  ): Promise<Array<{ sessionId: number; reference: string; endsAt: Date; held: number; disputed: boolean }>> {
    const rows = await this.db
      .select({
        sessionId: sessions.id,
        reference: sessions.reference,
        endsAt: sessions.endsAt,
        held: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int`,
        disputed: sql<boolean>`exists (select 1 from ${sessionDisputes} where ${sessionDisputes.sessionId} = ${sessions.id} and ${sessionDisputes.status} = 'OPEN')`,
      })
      .from(sessions)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.sessionId, sessions.id))
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(
        and(
          eq(sessions.advisorId, mentorId),
          eq(sessions.status, 'CONFIRMED'),
          sql`${sessions.endsAt} <= ${now}`,
          eq(ledgerAccounts.code, 'SESSION_ESCROW'),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(sessionSettlements)
              .where(eq(sessionSettlements.sessionId, sessions.id)),
          ),
        ),
      )
      .groupBy(sessions.id)
      .orderBy(asc(sessions.endsAt), asc(sessions.id));
    return rows.filter((row) => row.held > 0);
  }

  /** Runs, newest first, with their payouts counted. */
  async latestRuns(limit: number) {
    return this.db
      .select({
        id: payoutRuns.id,
        trigger: payoutRuns.trigger,
        minimum: payoutRuns.minimum,
        startedAt: payoutRuns.startedAt,
        finishedAt: payoutRuns.finishedAt,
        startedBy: users.name,
        payouts: sql<number>`(select count(*) from mentor_payouts p where p.run_id = ${payoutRuns.id})::int`,
        paid: sql<number>`(select count(*) from mentor_payouts p where p.run_id = ${payoutRuns.id} and p.status = 'PAID')::int`,
        failed: sql<number>`(select count(*) from mentor_payouts p where p.run_id = ${payoutRuns.id} and p.status = 'FAILED')::int`,
        inFlight: sql<number>`(select count(*) from mentor_payouts p where p.run_id = ${payoutRuns.id} and p.status = 'IN_FLIGHT')::int`,
        amount: sql<number>`(select coalesce(sum(p.amount), 0) from mentor_payouts p where p.run_id = ${payoutRuns.id})::int`,
      })
      .from(payoutRuns)
      .leftJoin(users, eq(users.id, payoutRuns.startedBy))
      .orderBy(desc(payoutRuns.startedAt), desc(payoutRuns.id))
      .limit(limit);
  }

  async runSummary(runId: number) {
    const runs = await this.latestRunsWhere(runId);
    return runs[0] ?? null;
  }

  private latestRunsWhere(runId: number) {
    return this.db
      .select({
        id: payoutRuns.id,
        trigger: payoutRuns.trigger,
        minimum: payoutRuns.minimum,
        startedAt: payoutRuns.startedAt,
        finishedAt: payoutRuns.finishedAt,
        startedBy: users.name,
        payouts: sql<number>`(select count(*) from mentor_payouts p where p.run_id = ${payoutRuns.id})::int`,
        paid: sql<number>`(select count(*) from mentor_payouts p where p.run_id = ${payoutRuns.id} and p.status = 'PAID')::int`,
        failed: sql<number>`(select count(*) from mentor_payouts p where p.run_id = ${payoutRuns.id} and p.status = 'FAILED')::int`,
        inFlight: sql<number>`(select count(*) from mentor_payouts p where p.run_id = ${payoutRuns.id} and p.status = 'IN_FLIGHT')::int`,
        amount: sql<number>`(select coalesce(sum(p.amount), 0) from mentor_payouts p where p.run_id = ${payoutRuns.id})::int`,
      })
      .from(payoutRuns)
      .leftJoin(users, eq(users.id, payoutRuns.startedBy))
      .where(eq(payoutRuns.id, runId));
  }

  /** The latest payouts of the given runs, with the mentor's name. */
  async payoutsOfRuns(runIds: readonly number[]) {
    if (runIds.length === 0) return [];
    return this.db
      .select({ payout: mentorPayouts, mentorName: users.name })
      .from(mentorPayouts)
      .innerJoin(users, eq(users.id, mentorPayouts.mentorId))
      .where(inArray(mentorPayouts.runId, [...runIds]))
      .orderBy(desc(mentorPayouts.createdAt), desc(mentorPayouts.id));
  }

  /** Payouts sent and not answered since before `before`: asked about again (Transaction Status). */
  async inFlightBefore(before: Date): Promise<MentorPayoutRow[]> {
    return this.db
      .select()
      .from(mentorPayouts)
      .where(and(eq(mentorPayouts.status, 'IN_FLIGHT'), sql`${mentorPayouts.createdAt} < ${before}`))
      .orderBy(mentorPayouts.id)
      .limit(100);
  }

  // ---- Disputes ----

  /** The caller's paid place in a session (null when they have none). */
  async paidPlace(sessionId: number, adviseeId: number) {
    const [row] = await this.db
      .select({ id: sessionParticipants.id })
      .from(sessionParticipants)
      .where(
        and(
          eq(sessionParticipants.sessionId, sessionId),
          eq(sessionParticipants.adviseeId, adviseeId),
          eq(sessionParticipants.paymentStatus, 'PAID'),
          sql`${sessionParticipants.amount} > 0`,
        ),
      );
    return row ?? null;
  }

  /** The session, locked (the lock the earnings job takes before settling it). */
  async lockSession(sessionId: number) {
    const [row] = await this.db
      .select({ id: sessions.id, status: sessions.status, endsAt: sessions.endsAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
      .for('update');
    return row ?? null;
  }

  async findSession(sessionId: number) {
    const [row] = await this.db
      .select({ id: sessions.id, status: sessions.status, endsAt: sessions.endsAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return row ?? null;
  }

  async isSettled(sessionId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessionSettlements.sessionId })
      .from(sessionSettlements)
      .where(eq(sessionSettlements.sessionId, sessionId));
    return row !== undefined;
  }

  async disputeOfSession(sessionId: number): Promise<DisputeRow | null> {
    const [row] = await this.db
      .select()
      .from(sessionDisputes)
      .where(eq(sessionDisputes.sessionId, sessionId));
    return row ?? null;
  }

  async insertDispute(values: typeof sessionDisputes.$inferInsert): Promise<DisputeRow> {
    const [row] = await this.db.insert(sessionDisputes).values(values).returning();
    return row!;
  }

  async lockDispute(id: number): Promise<DisputeRow | null> {
    const [row] = await this.db
      .select()
      .from(sessionDisputes)
      .where(eq(sessionDisputes.id, id))
      .for('update');
    return row ?? null;
  }

  async decideDispute(
    id: number,
    values: { status: 'RELEASED' | 'REFUNDED'; decidedBy: number; note: string | null; at: Date },
  ): Promise<void> {
    await this.db
      .update(sessionDisputes)
      .set({
        status: values.status,
        decidedBy: values.decidedBy,
        decisionNote: values.note,
        decidedAt: values.at,
      })
      .where(eq(sessionDisputes.id, id));
  }

  /** Disputes for admins: open ones first, then the latest decided. */
  async disputes(filter: { id?: number; limit: number }) {
    return this.db
      .select({
        dispute: sessionDisputes,
        session: {
          id: sessions.id,
          reference: sessions.reference,
          startsAt: sessions.startsAt,
          endsAt: sessions.endsAt,
          amount: sessions.amount,
        },
        mentor: { id: mentor.id, name: mentor.name },
        openedBy: { id: opener.id, name: opener.name },
      })
      .from(sessionDisputes)
      .innerJoin(sessions, eq(sessions.id, sessionDisputes.sessionId))
      .innerJoin(mentor, eq(mentor.id, sessions.advisorId))
      .innerJoin(opener, eq(opener.id, sessionDisputes.openedBy))
      .where(filter.id === undefined ? undefined : eq(sessionDisputes.id, filter.id))
      .orderBy(
        sql`${sessionDisputes.status} = 'OPEN' desc`,
        desc(sessionDisputes.openedAt),
        desc(sessionDisputes.id),
      )
      .limit(filter.limit);
  }

  /** The mentor's name and addresses, for the payout notices (SMS only to a proven phone). */
  async mentorContact(mentorId: number) {
    const [row] = await this.db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, mentorId));
    return row ?? null;
  }
}
