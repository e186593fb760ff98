// One load run with autocannon: a warm-up whose figures are dropped, then the measured run. Latencies are
// kept per response (autocannon's summary has no p95), and the server's own timing of each request is read
// from its log: lines with a `responseTime` (ms, from the request's arrival to the end of its response,
// queueing for a database connection included), written by server-timing.mjs or, at log level info, by
// Fastify's `request completed` lines.
import { readFileSync, statSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  baseUrl: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Headers every request carries (those of a browser: Accept, Accept-Encoding). */
  headers: Record<string, string>;
  /** The next request to send; called once per request. */
  next: () => LoadRequest;
  /** The server's log file, to read its own timings of the measured run. */
  serverLog?: string;
}

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  /** Client-side latency, ms: from writing the request to reading the whole response. */
  latency: Percentiles;
  /** Server-side time (the log's responseTime), ms; absent without a server log. */
  server?: Percentiles & { count: number };
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  bytesPerResponse: number;
}

export function percentiles(values: number[]): Percentiles {
  if (values.length === 0) return { p50: 0, p95: 0, p99: 0, max: 0 };
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(sorted[sorted.length - 1]!),
  };
}

/**
 * autocannon (8.0) appends every body it reads to a string, decoding it as UTF-8, though nothing here reads
 * bodies. A compressed answer is random bytes to a decoder: on the benchmark's machine the bare route sending 11
 * KB of them answered 7,500 requests a second with that string made and 60,000 without, the load generator's
 * decoding, not the server, setting the pace (and taking CPU from the server on 2 shared cores). Each
 * connection's client drops the bodies instead; every byte is still read, parsed and counted (the parser and
 * the byte counts are untouched), for the API, the ceiling and the reference routes alike.
 */
function dropBodies(client: autocannon.Client): void {
  const queue = client.pipelinedRequests;
  if (typeof queue?.addBody !== 'function') {
    throw new Error("autocannon's client changed: bench/server/load.ts cannot keep it from decoding bodies");
  }
  queue.addBody = () => {};
}

function fire(options: LoadOptions, seconds: number, latencies: number[] | null) {
  const instance = autocannon({
    url: options.baseUrl,
    connections: options.connections,
    pipelining: 1,
    duration: seconds,
    timeout: 10,
    headers: options.headers,
    setupClient: dropBodies,
    requests: [
      {
        setupRequest: (request: Record<string, unknown>) => {
          const next = options.next();
          return {
            ...request,
            method: next.method,
            path: next.path,
            headers: {
              ...options.headers,
              ...(next.body ? { 'content-type': 'application/json' } : {}),
              ...next.headers,
            },
            body: next.body,
          };
        },
      },
    ],
  });
  if (latencies) {
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
    });
  }
  return instance;
}

/** The server's responseTime of every request it completed in the log between two byte offsets. */
function serverTimes(logFile: string, from: number, to: number): number[] {
  const text = readFileSync(logFile).subarray(from, to).toString('utf8');
  const times: number[] = [];
  for (const line of text.split('\n')) {
    if (!line.includes('"responseTime"')) continue;
    try {
      const entry = JSON.parse(line) as { responseTime?: number };
      if (typeof entry.responseTime === 'number') times.push(entry.responseTime);
    } catch {
      // Not a log line of ours.
    }
  }
  return times;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await fire(options, options.warmupSeconds, null);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const logFrom = options.serverLog ? statSync(options.serverLog).size : 0;
  const latencies: number[] = [];
  const result = await fire(options, options.durationSeconds, latencies);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = (stat as { count: number }).count;
  }
  const answered = Object.values(statusCodes).reduce((sum, n) => sum + n, 0);
  let server: LoadResult['server'];
  if (options.serverLog) {
    const times = serverTimes(options.serverLog, logFrom, statSync(options.serverLog).size);
    server = { ...percentiles(times), count: times.length };
  }
  return {
    requests: answered,
    requestsPerSecond: Math.round(answered / options.durationSeconds),
    latency: percentiles(latencies),
    server,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: answered > 0 ? Math.round(result.throughput.total / answered) : 0,
  };
}
