import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { signIns } from '../../db/schema/sign-ins.ts';
import { users } from '../../db/schema/users.ts';

/** The columns of an account as the auth feature reads it. */
export const accountColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  status: users.status,
  passwordHash: users.passwordHash,
  tokenVersion: users.tokenVersion,
};

export type Account = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'name' | 'role' | 'status' | 'passwordHash' | 'tokenVersion'
>;

/** Accounts as sign-in, tokens and password changes need them. */
export class AuthRepository {
  constructor(private readonly db: DbOrTx) {}

  /**
   * What a bearer token is checked against on every call, in one query: the user as they are now and, when the
   * token names its sign-in, whether that sign-in is still there (ended sign-ins are deleted).
   */
  async findAuthState(userId: number, signInId: string | null) {
    // Built once per database: it runs on every signed-in call. No sign-in named: `sign_ins.id = null` matches none.
    const query = preparedOnce(this.db, 'auth_state', (name) =>
      this.db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          role: users.role,
          status: users.status,
          tokenVersion: users.tokenVersion,
          phoneVerified: sql<boolean>`${users.phoneVerifiedAt} is not null`,
          signInId: signIns.id,
        })
        .from(users)
        .leftJoin(signIns, and(eq(signIns.id, sql.placeholder('signInId')), eq(signIns.userId, users.id)))
        .where(eq(users.id, sql.placeholder('userId')))
        .limit(1)
        .prepare(name),
    );
    const [row] = await query.execute({ userId, signInId });
    return row ?? null;
  }

  /** The account with this e-mail, whatever its letter case (users_email_unique is on lower(email)). */
  async findByEmail(email: string): Promise<Account | null> {
    const [row] = await this.db
      .select(accountColumns)
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email.trim()})`)
      .limit(1);
    return row ?? null;
  }

  async findById(userId: number): Promise<Account | null> {
    const [row] = await this.db.select(accountColumns).from(users).where(eq(users.id, userId)).limit(1);
    return row ?? null;
  }

  /** Refuses every token issued so far to this user. */
  async bumpTokenVersion(userId: number): Promise<void> {
    await this.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }

  /**
   * Sets a new password hash only while the current one is still `expectedHash` (so a reset link or a change
   * is used once even when two requests race), and refuses every token issued so far.
   * Returns the new token version, or null when the password had already changed.
   */
  async replacePassword(userId: number, expectedHash: string, newHash: string): Promise<number | null> {
    const [row] = await this.db
      .update(users)
      .set({
        passwordHash: newHash,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        passwordChangedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, userId), eq(users.passwordHash, expectedHash)))
      .returning({ tokenVersion: users.tokenVersion });
    return row?.tokenVersion ?? null;
  }
}
