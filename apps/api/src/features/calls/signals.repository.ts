import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import type { BusMessage } from './bus-messages.ts';

/** The NOTIFY channel that carries the ids of new call_signals rows. */
export const signalChannel = 'myprosper_call_signals';

export interface StoredSignal {
  id: number;
  payload: unknown;
}

/** call_signals: messages between API instances, stored, then their id notified (see signal-bus.ts). */
export class SignalsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Stores the message and notifies its id; inside a transaction both happen at its commit. */
  async publish(message: BusMessage): Promise<void> {
    await this.db.execute(sql`
      WITH stored AS (
        INSERT INTO call_signals (session_id, payload)
        VALUES (${message.sessionId}, ${JSON.stringify(message)}::jsonb)
        RETURNING id
      )
      SELECT pg_notify(${signalChannel}, id::text) FROM stored`);
  }

  async byIds(ids: number[]): Promise<StoredSignal[]> {
    if (ids.length === 0) return [];
    const result = await this.db.execute(
      sql`SELECT id, payload FROM call_signals WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[]) ORDER BY id`,
    );
    return result.rows.map(toStored);
  }

  async after(lastId: number, limit = 500): Promise<StoredSignal[]> {
    const result = await this.db.execute(
      sql`SELECT id, payload FROM call_signals WHERE id > ${lastId} ORDER BY id LIMIT ${limit}`,
    );
    return result.rows.map(toStored);
  }

  async lastId(): Promise<number> {
    const result = await this.db.execute(sql`SELECT coalesce(max(id), 0)::bigint AS id FROM call_signals`);
    return Number(result.rows[0]?.id ?? 0);
  }

  async deleteOlderThan(seconds: number): Promise<number> {
    const result = await this.db.execute(
      sql`DELETE FROM call_signals WHERE created_at < now() - make_interval(secs => ${seconds})`,
    );
    return result.rowCount ?? 0;
  }
}

function toStored(row: Record<string, unknown>): StoredSignal {
  return { id: Number(row.id), payload: row.payload };
}
