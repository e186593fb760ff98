import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/connection.ts';
import { type BusHandler, type BusMessage, isBusMessage, type SignalBus } from './bus-messages.ts';
import { SignalsRepository, type StoredSignal, signalChannel } from './signals.repository.ts';

export interface PostgresBusOptions {
  db: Db;
  pool: pg.Pool;
  log: FastifyBaseLogger;
  /** 'listen': LISTEN/NOTIFY on a dedicated connection; 'poll': read new rows every `pollMs`. */
  mode: 'listen' | 'poll';
  pollMs?: number;
}

/**
 * Fan-out through PostgreSQL: each message is a call_signals row whose id is sent with NOTIFY (payloads can
 * outgrow NOTIFY's 8000 bytes). Every instance LISTENs on a connection of its own (not the pool's: a pooled
 * connection would lose the LISTEN) and reads the notified rows. The embedded database (PGlite behind its
 * socket server) does not deliver notifications to other connections, so there the bus reads new rows by
 * polling (safe there: PGlite runs one statement at a time, so ids become visible in order).
 */
export class PostgresBus implements SignalBus {
  readonly name: string;
  private readonly repository: SignalsRepository;
  private handler: BusHandler | null = null;
  private listener: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastId = 0;
  private stopped = false;
  private pending = new Set<number>();
  private reading: Promise<void> | null = null;
  private reconnectDelayMs = 250;

  constructor(private readonly options: PostgresBusOptions) {
    this.repository = new SignalsRepository(options.db);
    this.name = options.mode === 'listen' ? 'postgres-notify' : 'postgres-poll';
  }

  async start(handler: BusHandler): Promise<void> {
    this.handler = handler;
    this.lastId = await this.repository.lastId();
    if (this.options.mode === 'listen') await this.connectListener();
    else this.schedulePoll();
  }

  async publish(message: BusMessage): Promise<void> {
    await this.repository.publish(message);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const listener = this.listener;
    this.listener = null;
    if (listener) await listener.end().catch(() => {});
    await this.reading;
  }

  private async connectListener(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.pool.options.connectionString });
    client.on('notification', (note) => {
      if (note.channel !== signalChannel || !note.payload) return;
      const id = Number(note.payload);
      if (Number.isInteger(id)) this.enqueue(id);
    });
    const reconnect = () => {
      if (this.stopped || this.listener !== client) return;
      this.listener = null;
      client.end().catch(() => {});
      this.options.log.warn('call signaling lost its PostgreSQL listener; reconnecting');
      setTimeout(() => void this.reconnect(), this.reconnectDelayMs);
      this.reconnectDelayMs = Math.min(this.reconnectDelayMs * 2, 5000);
    };
    client.on('error', reconnect);
    client.on('end', reconnect);
    await client.connect();
    await client.query(`LISTEN ${signalChannel}`);
    this.listener = client;
    this.reconnectDelayMs = 250;
  }

  private async reconnect(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.connectListener();
      // Whatever was notified while the listener was away.
      this.deliver(await this.repository.after(this.lastId));
    } catch (error) {
      this.options.log.warn({ err: error }, 'call signaling listener reconnect failed');
      setTimeout(() => void this.reconnect(), this.reconnectDelayMs);
      this.reconnectDelayMs = Math.min(this.reconnectDelayMs * 2, 5000);
    }
  }

  /** Notified ids are read in batches: one query for every id that arrived meanwhile. */
  private enqueue(id: number): void {
    this.pending.add(id);
    if (this.reading) return;
    this.reading = (async () => {
      while (this.pending.size > 0 && !this.stopped) {
        const ids = [...this.pending];
        this.pending.clear();
        try {
          this.deliver(await this.repository.byIds(ids));
        } catch (error) {
          this.options.log.warn({ err: error }, 'call signals could not be read');
        }
      }
      this.reading = null;
    })();
  }

  private schedulePoll(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.reading = this.poll().finally(() => {
        this.reading = null;
        this.schedulePoll();
      });
    }, this.options.pollMs ?? 100);
  }

  private async poll(): Promise<void> {
    try {
      for (;;) {
        const rows = await this.repository.after(this.lastId);
        this.deliver(rows);
        if (rows.length < 500 || this.stopped) return;
      }
    } catch (error) {
      if (!this.stopped) this.options.log.warn({ err: error }, 'call signals could not be polled');
    }
  }

  private deliver(rows: StoredSignal[]): void {
    for (const row of rows) {
      if (row.id > this.lastId) this.lastId = row.id;
      if (isBusMessage(row.payload)) this.handler?.(row.payload);
    }
  }
}

/** PGlite names itself in version(); it needs the polling mode. */
export async function detectBusMode(pool: pg.Pool): Promise<'listen' | 'poll'> {
  const result = await pool.query<{ version: string }>('SELECT version() AS version');
  return /PGlite/i.test(result.rows[0]?.version ?? '') ? 'poll' : 'listen';
}
