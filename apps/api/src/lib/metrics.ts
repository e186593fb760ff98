import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { notFound } from './errors.ts';
import { isLoopbackAddress } from './local-only.ts';
import { isSameText } from './same-text.ts';

/**
 * Prometheus metrics (prom-client). Counters of what happened live in one registry for the process (the
 * providers count outcomes wherever they learn them); gauges that read an app's own state (its pool, job
 * queues, calls) are registered per app, so two apps in one test process do not mix. GET /metrics serves
 * both. docs/grafana/myprosper.json is a dashboard that reads them.
 */
const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status class',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [processRegistry],
});

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer HTTP requests, by route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

/** M-PESA and card outcomes: provider (mpesa, card), the call (stk, stk_query, b2c, …) and its result code. */
export const paymentOutcomes = new Counter({
  name: 'payment_outcomes_total',
  help: 'Answers from the payment providers, by provider, call and result code',
  labelNames: ['provider', 'call', 'code'] as const,
  registers: [processRegistry],
});

/** Operators' refunds of payments (issue 25): where the money came from and where it went, and how much. */
export const operatorRefunds = new Counter({
  name: 'operator_refunds_total',
  help: "Operators' refunds of payments, by source (SESSION, PLATFORM, WALLET) and destination (WALLET, MPESA)",
  labelNames: ['source', 'destination'] as const,
  registers: [processRegistry],
});

export const operatorRefundedKes = new Counter({
  name: 'operator_refunded_kes_total',
  help: "KES given back by operators' refunds of payments, by destination",
  labelNames: ['destination'] as const,
  registers: [processRegistry],
});

/** Messages handed to a channel (email, sms, whatsapp): sent or failed. */
export const messageOutcomes = new Counter({
  name: 'messages_total',
  help: 'Messages handed to their channel, by channel and outcome',
  labelNames: ['channel', 'outcome'] as const,
  registers: [processRegistry],
});

/** A gauge read when /metrics is asked for. */
export interface GaugeReading {
  labels?: Record<string, string>;
  value: number;
}

export interface AppMetrics {
  /** Registers a gauge of this app, read from `read` at each scrape. */
  gauge(
    name: string,
    help: string,
    labelNames: readonly string[],
    read: () => GaugeReading[] | Promise<GaugeReading[]>,
  ): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
  interface FastifyContextConfig {
    /** A file of the web build (app.ts): one 'static' label in the metrics. */
    static?: boolean;
  }
}

/** Status class for the label: 2xx, 3xx, 4xx, 5xx (exact codes would multiply series for little gain). */
function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

/**
 * The route pattern ('/myprosper/api/sessions/:id'), never the address: ids and phone numbers stay out of
 * the labels. Files of the web build and unknown addresses are one label each.
 */
function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return 'unmatched';
  if (request.routeOptions.config?.static) return 'static';
  return pattern;
}

function mayRead(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return isLoopbackAddress(request.raw.socket?.remoteAddress);
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') && isSameText(token, header.slice(7));
}

export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { token: string | undefined; pool: PoolLike }) => {
    const appRegistry = new Registry();
    const metrics: AppMetrics = {
      gauge(name, help, labelNames, read) {
        new Gauge({
          name,
          help,
          labelNames: [...labelNames],
          registers: [appRegistry],
          async collect() {
            this.reset();
            for (const reading of await read()) {
              if (reading.labels) this.set(reading.labels, reading.value);
              else this.set(reading.value);
            }
          },
        });
      },
    };
    app.decorate('metrics', metrics);

    const { pool } = options;
    metrics.gauge('db_pool_connections', 'Database pool connections, by state', ['state'], () => [
      { labels: { state: 'total' }, value: pool.totalCount },
      { labels: { state: 'idle' }, value: pool.idleCount },
      { labels: { state: 'waiting' }, value: pool.waitingCount },
    ]);

    app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      const route = routeLabel(request);
      httpRequests.inc({ method: request.method, route, status: statusClass(reply.statusCode) });
      httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });

    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      if (!mayRead(request, options.token)) throw notFound(`Route GET /metrics not found`);
      const merged = Registry.merge([processRegistry, appRegistry]);
      return reply.type(merged.contentType).send(await merged.metrics());
    });
  },
  { name: 'metrics' },
);

/** What the metrics read of a pg pool. */
export interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
