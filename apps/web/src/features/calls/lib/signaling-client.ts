import {
  type CallTicket,
  type ClientMessage,
  callMessages,
  parseServerMessage,
  type ServerMessage,
} from '@myprosper/contract/calls';

export type SignalingState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface SignalingOptions {
  /** A fresh ticket for every (re)connection: tickets live 60 seconds. Throws when the call is no longer open. */
  getTicket(): Promise<CallTicket>;
  onMessage(message: ServerMessage): void;
  onState(state: SignalingState): void;
  /** The socket cannot come back (refused ticket, or the server said why in a close of ours). */
  onFatal(message: string): void;
}

const pingEveryMs = 10_000;
const silenceLimitMs = 25_000;
const maxBackoffMs = 10_000;

/** The signaling socket's address on this site: ws(s)://host/myprosper/ws/calls?ticket=... */
export function signalingUrl(ticket: string, location: Location = window.location): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}/myprosper/ws/calls?ticket=${encodeURIComponent(ticket)}`;
}

/** Exponential backoff with jitter: about 0.5 s, 1 s, 2 s ... up to 10 s. */
export function backoffDelay(attempt: number, random = Math.random): number {
  const base = Math.min(maxBackoffMs, 500 * 2 ** attempt);
  return Math.round(base / 2 + (random() * base) / 2);
}

/**
 * The call's WebSocket: joins (resuming its participant id after a drop, so peers keep their connections),
 * pings to notice a dead line, and reconnects with backoff and a fresh ticket until told to stop.
 */
export class SignalingClient {
  private ws: WebSocket | null = null;
  private participantId: string | null = null;
  private attempt = 0;
  private isStopped = false;
  private pingTimer: number | null = null;
  private retryTimer: number | null = null;
  private lastHeardAt = 0;

  constructor(private readonly options: SignalingOptions) {}

  start(): void {
    this.options.onState('connecting');
    void this.connect();
  }

  send(message: ClientMessage): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Leaves the call for good (the server tells the others at once). */
  leave(): void {
    this.send({ type: 'leave' });
    this.stop();
  }

  stop(): void {
    this.isStopped = true;
    this.clearTimers();
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState <= WebSocket.OPEN) ws.close(1000, 'left');
    this.options.onState('closed');
  }

  private async connect(): Promise<void> {
    let ticket: CallTicket;
    try {
      ticket = await this.options.getTicket();
    } catch (error) {
      if (this.isStopped) return;
      const status = (error as { statusCode?: number }).statusCode ?? 0;
      // The server refused (ended, cancelled, full, not allowed): no point in trying again.
      if (status >= 400 && status < 500) {
        this.fail((error as Error).message);
        return;
      }
      this.scheduleRetry();
      return;
    }
    if (this.isStopped) return;
    const ws = new WebSocket(signalingUrl(ticket.ticket));
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.lastHeardAt = Date.now();
      this.send({ type: 'join', resume: this.participantId ?? undefined });
      this.startPinging();
    };
    ws.onmessage = (event) => {
      this.lastHeardAt = Date.now();
      const message = typeof event.data === 'string' ? parseServerMessage(event.data) : null;
      if (!message || message.type === 'pong') return;
      if (message.type === 'joined') {
        this.participantId = message.you.participantId;
        this.options.onState('open');
      }
      if (message.type === 'session-ended') this.isStopped = true;
      this.options.onMessage(message);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.clearTimers();
      if (this.isStopped) return;
      // Our own codes (4xxx) mean the server sent this page away; it said why just before.
      if (event.code >= 4000 && event.code < 5000) {
        this.fail(event.reason || callMessages.ended);
        return;
      }
      this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    if (this.isStopped) return;
    this.options.onState('reconnecting');
    const delay = backoffDelay(this.attempt++);
    this.retryTimer = window.setTimeout(() => void this.connect(), delay);
  }

  private startPinging(): void {
    this.pingTimer = window.setInterval(() => {
      if (Date.now() - this.lastHeardAt > silenceLimitMs) {
        // A silent line: drop it and come back.
        this.ws?.close(4999, 'silent');
        const ws = this.ws;
        this.ws = null;
        this.clearTimers();
        if (ws) ws.onclose = null;
        this.scheduleRetry();
        return;
      }
      this.send({ type: 'ping', at: Date.now() });
    }, pingEveryMs);
  }

  private clearTimers(): void {
    if (this.pingTimer !== null) window.clearInterval(this.pingTimer);
    if (this.retryTimer !== null) window.clearTimeout(this.retryTimer);
    this.pingTimer = null;
    this.retryTimer = null;
  }

  private fail(message: string): void {
    this.isStopped = true;
    this.clearTimers();
    this.options.onState('closed');
    this.options.onFatal(message);
  }
}
