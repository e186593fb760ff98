// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Result {
      errors: number;
      timeouts: number;
      statusCodeStats?: Record<string, { count: number }>;
      throughput: { total: number };
    }
    interface Options {
      url: string;
      connections?: number;
      pipelining?: number;
      duration?: number;
      timeout?: number;
      headers?: Record<string, string>;
      requests?: Array<{ setupRequest?: (request: Record<string, unknown>) => Record<string, unknown> }>;
      /** Called with each connection's client as it is made. */
      setupClient?: (client: Client) => void;
    }
    /** A connection's client: only what load.ts touches of its internals. */
    interface Client {
      pipelinedRequests?: { addBody?: (chunk: Buffer) => void };
    }
    type Instance = EventEmitter & PromiseLike<Result>;
  }
  function autocannon(options: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
