import { setTimeout as wait } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A graceful stop a load balancer can follow: /readyz says 503 at once (`draining`), the instance keeps
 * serving for `drainMs` so the balancer moves new work away, then it stops accepting, lets the requests in
 * flight and the background jobs finish (app.close), and gives up at `limitMs` from the signal, logging what
 * it cut. The lifecycle plugin counts the requests in flight.
 */
export interface Lifecycle {
  /** True from the stop signal on: /readyz answers 503. */
  draining: boolean;
  /** Requests being answered now, by method and route pattern. */
  readonly inFlight: ReadonlyMap<string, { method: string; route: string }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export const lifecyclePlugin = fp(
  async (app: FastifyInstance) => {
    const inFlight = new Map<string, { method: string; route: string }>();
    app.decorate('lifecycle', { draining: false, inFlight });
    app.addHook('onRequest', async (request) => {
      inFlight.set(request.id, { method: request.method, route: request.routeOptions.url ?? request.url });
    });
    app.addHook('onResponse', async (request) => {
      inFlight.delete(request.id);
    });
    app.addHook('onRequestAbort', async (request) => {
      inFlight.delete(request.id);
    });
  },
  { name: 'lifecycle' },
);

export interface ShutdownOptions {
  drainMs: number;
  limitMs: number;
  /** After the app has closed: the database, the embedded server. */
  closeRest: () => Promise<void>;
  /** Ends the process (process.exit; tests pass their own). */
  exit: (code: number) => void;
}

/** Runs the stop described above once; the process ends with 0, or 1 when the limit cut work short. */
export async function shutDown(app: FastifyInstance, signal: string, options: ShutdownOptions) {
  const started = Date.now();
  app.lifecycle.draining = true;
  app.log.info({ signal, drainMs: options.drainMs, limitMs: options.limitMs }, 'stopping: draining');
  const limit = setTimeout(() => {
    const cut = [...app.lifecycle.inFlight.values()];
    app.log.error({ cut, afterMs: Date.now() - started }, 'stopping: limit reached, requests cut');
    options.exit(1);
  }, options.limitMs);
  limit.unref();
  await wait(options.drainMs);
  app.log.info({ inFlight: app.lifecycle.inFlight.size }, 'stopping: no longer accepting');
  try {
    await app.close();
    await options.closeRest();
  } catch (error) {
    app.log.error({ err: error }, 'stopping: close failed');
    clearTimeout(limit);
    options.exit(1);
    return;
  }
  clearTimeout(limit);
  app.log.info({ afterMs: Date.now() - started }, 'stopped');
  options.exit(0);
}
