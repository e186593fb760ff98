import type { DbOrTx } from '../../db/connection.ts';
import { contactMessages } from '../../db/schema/profiles.ts';

/** Messages sent through the help page. */
export class HelpRepository {
  constructor(private readonly db: DbOrTx) {}

  async saveContactMessage(message: { userId: number | null; name: string; email: string; message: string }) {
    const [row] = await this.db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
    return row!.id;
  }
}
