import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';

export class OutboxRepository {
  constructor(private readonly db: DbOrTx) {}

  async listLatest(limit: number, recipient?: string) {
    return this.db
      .select()
      .from(outboxMessages)
      .where(recipient ? eq(outboxMessages.recipient, recipient) : undefined)
      .orderBy(desc(outboxMessages.id))
      .limit(limit);
  }
}
