import type { DbOrTx } from '../../src/db/connection.ts';
import { outboxMessages } from '../../src/db/schema/messaging.ts';

/** The sandbox's record of every SMS it accepted, shown at /dev/outbox. */
export class SmsOutboxRepository {
  constructor(private readonly db: DbOrTx) {}

  async record(
    messages: ReadonlyArray<{ recipient: string; body: string; messageId: string }>,
  ): Promise<void> {
    if (messages.length === 0) return;
    await this.db.insert(outboxMessages).values(
      messages.map((m) => ({
        channel: 'SMS' as const,
        recipient: m.recipient,
        body: m.body,
        transport: 'africastalking-sandbox',
        providerRef: m.messageId,
      })),
    );
  }
}
