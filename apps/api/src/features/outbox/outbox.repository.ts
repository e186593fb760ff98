import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import type { SentMessage, SentMessages } from '../../providers/sent-messages.ts';

/** Every e-mail and SMS the app sent (the mailer and the SMS sender record them here), newest first. */
export class OutboxRepository implements SentMessages {
  constructor(private readonly db: DbOrTx) {}

  async record(message: SentMessage): Promise<void> {
    await this.db.insert(outboxMessages).values(message);
  }

  async listLatest(limit: number, recipient?: string) {
    return this.db
      .select()
      .from(outboxMessages)
      .where(recipient ? eq(outboxMessages.recipient, recipient) : undefined)
      .orderBy(desc(outboxMessages.id))
      .limit(limit);
  }
}
