import { verificationMessages } from '@myprosper/contract/verification';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { users } from '../../db/schema/users.ts';
import { conflict } from '../../lib/errors.ts';
import { accountConflictOf } from './signup.repository.ts';

/** The account fields an e-mail link is made from and checked against. */
export interface EmailAccount {
  id: number;
  name: string;
  email: string;
  emailVerifiedAt: Date | null;
  tokenVersion: number;
}

const accountFields = {
  id: users.id,
  name: users.name,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  tokenVersion: users.tokenVersion,
};

/** Reads and confirms accounts' e-mail addresses. */
export class EmailVerificationRepository {
  constructor(private readonly db: DbOrTx) {}

  async findAccount(userId: number): Promise<EmailAccount | null> {
    const [row] = await this.db.select(accountFields).from(users).where(eq(users.id, userId)).limit(1);
    return row ?? null;
  }

  /** The account, locked until the transaction ends (two links opened at once confirm one after the other). */
  async lockAccount(userId: number): Promise<EmailAccount | null> {
    const [row] = await this.db
      .select(accountFields)
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
      .limit(1);
    return row ?? null;
  }

  /** The account's address becomes `email`, confirmed now; an address another account took answers 409. */
  async confirm(userId: number, email: string): Promise<void> {
    try {
      await this.db
        .update(users)
        .set({ email, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    } catch (error) {
      if (accountConflictOf(error)) throw conflict(verificationMessages.emailTakenMeanwhile);
      throw error;
    }
  }
}
