import { accountMessages } from '@myprosper/contract/profiles';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { industries } from '../../db/schema/catalogue.ts';
import { users } from '../../db/schema/users.ts';
import { type AppError, conflict } from '../../lib/errors.ts';

export type NewAccount = Omit<
  typeof users.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'passwordChangedAt'
>;

/** The unique indexes of users, and what a person is told when one refuses a new account or an e-mail change. */
const accountConstraints: Record<string, string> = {
  users_email_unique: accountMessages.emailTaken,
  users_phone_unique: accountMessages.phoneTaken,
};

/**
 * A unique index's refusal (23505 on users' e-mail or phone) as the 409 people see, or null for any other
 * failure. The index decides, so two sign-ups racing for one e-mail still get one account and one 409.
 */
export function accountConflictOf(error: unknown): AppError | null {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505' && typeof candidate.constraint === 'string') {
      const message = accountConstraints[candidate.constraint];
      return message ? conflict(message) : null;
    }
    current = candidate.cause;
  }
  return null;
}

/** Writes new accounts (advisee sign-up and mentor applications). */
export class SignupRepository {
  constructor(private readonly db: DbOrTx) {}

  async industryExists(industryId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: industries.id })
      .from(industries)
      .where(eq(industries.id, industryId))
      .limit(1);
    return row !== undefined;
  }

  /** Inserts the user; a taken e-mail or phone answers 409 with its message. */
  async insertAccount(account: NewAccount) {
    try {
      const [row] = await this.db.insert(users).values(account).returning({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        tokenVersion: users.tokenVersion,
      });
      return row!;
    } catch (error) {
      throw accountConflictOf(error) ?? error;
    }
  }
}
