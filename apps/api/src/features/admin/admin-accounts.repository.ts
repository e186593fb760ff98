import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { users } from '../../db/schema/users.ts';

/** Admin accounts, made from the command line only (never by public sign-up). */
export class AdminAccountsRepository {
  constructor(private readonly db: DbOrTx) {}

  async findByEmail(email: string) {
    const [row] = await this.db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    return row ?? null;
  }

  async insertAdmin(values: { email: string; name: string; passwordHash: string }): Promise<number> {
    const [row] = await this.db
      .insert(users)
      .values({ ...values, role: 'ADMIN', status: 'ACTIVE' })
      .returning({ id: users.id });
    return row!.id;
  }
}
