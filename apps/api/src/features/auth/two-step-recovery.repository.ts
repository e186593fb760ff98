import { asc, eq, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { signIns } from '../../db/schema/sign-ins.ts';
import { twoStepSecrets } from '../../db/schema/two-step.ts';
import { users } from '../../db/schema/users.ts';
import { twoStepRecoveries } from '../../db/schema/verification.ts';

export interface PendingRecovery {
  id: number;
  userId: number;
  name: string;
  email: string;
  role: string;
  reason: string;
  requestedFrom: string;
  requestedAt: Date;
  lastSignInAt: Date | null;
  twoStepOnSince: Date | null;
}

/** Owners' requests that an admin turn their two-step sign-in off (two-step-recovery.ts). */
export class TwoStepRecoveryRepository {
  constructor(private readonly db: DbOrTx) {}

  /** A new waiting request; false when one already waits (two_step_recoveries_one_pending decides). */
  async insert(request: { userId: number; reason: string; requestedFrom: string }): Promise<boolean> {
    const rows = await this.db
      .insert(twoStepRecoveries)
      .values(request)
      .onConflictDoNothing()
      .returning({ id: twoStepRecoveries.id });
    return rows.length > 0;
  }

  /** Requests waiting for an admin, oldest first, with what helps judge them. */
  async listPending(): Promise<PendingRecovery[]> {
    const lastSignIn = this.db
      .select({ userId: signIns.userId, at: max(signIns.signedInAt).as('at') })
      .from(signIns)
      .groupBy(signIns.userId)
      .as('last_sign_in');
    return this.db
      .select({
        id: twoStepRecoveries.id,
        userId: twoStepRecoveries.userId,
        name: users.name,
        email: users.email,
        role: sql<string>`${users.role}::text`,
        reason: twoStepRecoveries.reason,
        requestedFrom: twoStepRecoveries.requestedFrom,
        requestedAt: twoStepRecoveries.requestedAt,
        lastSignInAt: lastSignIn.at,
        twoStepOnSince: twoStepSecrets.enabledAt,
      })
      .from(twoStepRecoveries)
      .innerJoin(users, eq(users.id, twoStepRecoveries.userId))
      .leftJoin(lastSignIn, eq(lastSignIn.userId, twoStepRecoveries.userId))
      .leftJoin(twoStepSecrets, eq(twoStepSecrets.userId, twoStepRecoveries.userId))
      .where(eq(twoStepRecoveries.status, 'PENDING'))
      .orderBy(asc(twoStepRecoveries.requestedAt), asc(twoStepRecoveries.id));
  }

  /** The request, locked until the decision commits, with its owner's name and e-mail. */
  async lock(id: number) {
    const [row] = await this.db
      .select({
        id: twoStepRecoveries.id,
        userId: twoStepRecoveries.userId,
        status: twoStepRecoveries.status,
        reason: twoStepRecoveries.reason,
        name: users.name,
        email: users.email,
      })
      .from(twoStepRecoveries)
      .innerJoin(users, eq(users.id, twoStepRecoveries.userId))
      .where(eq(twoStepRecoveries.id, id))
      .for('update', { of: twoStepRecoveries });
    return row ?? null;
  }

  async decide(id: number, decision: { status: 'APPROVED' | 'REFUSED'; decidedBy: number; decidedAt: Date }) {
    await this.db.update(twoStepRecoveries).set(decision).where(eq(twoStepRecoveries.id, id));
  }
}
