import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { type BusHandler, type BusMessage, isBusMessage, type SignalBus } from './bus-messages.ts';

const channel = 'myprosper:call-signals';

/**
 * Fan-out through Redis pub/sub (REDIS_URL): one publisher and one subscriber connection per instance.
 * Messages published while an instance's subscriber is away are lost to it, as with NOTIFY; rosters carry
 * versions and pages re-sync on their next join, so a lost message costs a renegotiation, not a call.
 */
export class RedisBus implements SignalBus {
  readonly name = 'redis';
  private readonly publisher: Redis;
  private readonly subscriber: Redis;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    const options = { lazyConnect: true, maxRetriesPerRequest: 2 };
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, options);
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: Error) => this.log.warn({ err: error }, 'call signaling Redis error'));
    }
  }

  async start(handler: BusHandler): Promise<void> {
    await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
    this.subscriber.on('message', (from: string, text: string) => {
      if (from !== channel) return;
      try {
        const message: unknown = JSON.parse(text);
        if (isBusMessage(message)) handler(message);
      } catch {
        // Not ours.
      }
    });
    await this.subscriber.subscribe(channel);
  }

  async publish(message: BusMessage): Promise<void> {
    await this.publisher.publish(channel, JSON.stringify(message));
  }

  async stop(): Promise<void> {
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }
}

/**
 * Signaling through Redis, while the PostgreSQL bus stays on for what other features send inside their
 * transactions (closeCallRoom): publish goes one way, messages come in from both.
 */
export class SplitBus implements SignalBus {
  readonly name: string;

  constructor(
    private readonly outgoing: SignalBus,
    private readonly alsoIncoming: SignalBus,
  ) {
    this.name = `${outgoing.name}+${alsoIncoming.name}`;
  }

  async start(handler: BusHandler): Promise<void> {
    await this.outgoing.start(handler);
    await this.alsoIncoming.start(handler);
  }

  publish(message: BusMessage): Promise<void> {
    return this.outgoing.publish(message);
  }

  async stop(): Promise<void> {
    await Promise.allSettled([this.outgoing.stop(), this.alsoIncoming.stop()]);
  }
}
