import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shutDown } from '../../src/lib/shutdown.ts';
import { createTestApp, type TestContext } from '../test-app.ts';

/**
 * What an operator relies on: request ids that follow a request, logs without personal data or the web
 * build's files, /metrics for the scraper only and moving with the traffic, and a stop that lets work in
 * flight finish (and says what it cut when it cannot).
 */

const dashboardPath = fileURLToPath(new URL('../../../../docs/grafana/myprosper.json', import.meta.url));

function logCollector() {
  const lines: Record<string, unknown>[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  };
}

function metricValue(text: string, name: string, labels: Record<string, string>): number {
  // The sum over every series with these labels (a route answers 2xx and 4xx, say).
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    if (wanted.every((label) => line.includes(label))) sum += Number(line.split(' ').at(-1));
  }
  return sum;
}

describe('request ids, logs and metrics', () => {
  let ctx: TestContext;
  let web: string;
  const log = logCollector();
  beforeAll(async () => {
    web = await mkdtemp(join(tmpdir(), 'myprosper-web-'));
    await mkdir(join(web, 'assets'));
    await writeFile(join(web, 'index.html'), '<!doctype html><title>MyProsper</title>');
    await writeFile(join(web, 'assets', 'app-1234.js'), 'console.log(1)');
    ctx = await createTestApp(
      { LOG_LEVEL: 'info', WEB_DIST: web, JOBS_ENABLED: 'false' },
      { logStream: log.stream },
    );
  });
  afterAll(async () => {
    await ctx.close();
    await rm(web, { recursive: true, force: true });
  });

  it("keeps a caller's sane X-Request-Id, echoes it, and puts it on every log line of the request", async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/myprosper/api/getLiveTopics',
      headers: { 'x-request-id': 'lb-7f3a:0001' },
    });
    expect(answer.headers['x-request-id']).toBe('lb-7f3a:0001');
    const mine = log.lines.filter((line) => line.requestId === 'lb-7f3a:0001');
    expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('gives a new UUID when none or an insane one is sent, never the same twice', async () => {
    const ids = new Set<string>();
    for (const sent of [undefined, 'x'.repeat(129), 'bad id; drop table', '']) {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: sent === undefined ? {} : { 'x-request-id': sent },
      });
      const id = String(answer.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(4);
  });

  it('logs no phone number, e-mail address or token written in an address', async () => {
    const urls = [
      '/myprosper/api/admin/users?search=0712345678',
      '/myprosper/api/admin/users?search=%2B254712345678',
      '/myprosper/api/admin/users?search=254712345678&x=1',
      '/myprosper/api/admin/users?search=wanjiku.kamau%40example.co.ke',
      '/myprosper/auth/verify-email?token=abc.def.ghi',
    ];
    for (const url of urls) await ctx.app.inject({ method: 'GET', url });
    const logged = JSON.stringify(log.lines);
    for (const secret of ['712345678', 'wanjiku', 'example.co.ke', 'abc.def.ghi']) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).toContain('search=[phone]');
    expect(logged).toContain('search=[email]');
    expect(logged).toContain('token=[redacted]');
  });

  it('does not log the files of the web build at info', async () => {
    const before = log.lines.length;
    const file = await ctx.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(file.statusCode).toBe(200);
    expect(
      log.lines.slice(before).filter((line) => String(JSON.stringify(line)).includes('app-1234')),
    ).toEqual([]);
  });

  it('serves /metrics to this machine, counting requests by route pattern and never by address', async () => {
    const read = async () => (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
    const before = metricValue(await read(), 'http_requests_total', {
      route: '/myprosper/api/getTopicDetails/:topicId',
    });
    for (const id of [1, 2, 3]) {
      await ctx.app.inject({ method: 'GET', url: `/myprosper/api/getTopicDetails/${id}` });
    }
    const text = await read();
    expect(
      metricValue(text, 'http_requests_total', { route: '/myprosper/api/getTopicDetails/:topicId' }),
    ).toBe(before + 3);
    expect(text).not.toContain('getTopicDetails/1');
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(metricValue(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(text).toContain('process_cpu_seconds_total');
  });

  it("is what the operators' dashboard (docs/grafana/myprosper.json) reads, every metric of it", async () => {
    const dashboard = JSON.parse(await readFile(dashboardPath, 'utf8')) as {
      panels: { targets: { expr: string }[] }[];
    };
    const names = new Set(
      dashboard.panels.flatMap((panel) =>
        panel.targets.flatMap((target) =>
          [...target.expr.matchAll(/([a-z_]+)\{/g)].map((match) => match[1]!),
        ),
      ),
    );
    expect(names.size).toBeGreaterThan(8);
    const text = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
    const served = new Set(
      text
        .split('\n')
        .filter((line) => line.startsWith('# TYPE '))
        .map((line) => line.split(' ')[2]),
    );
    const missing = [...names].filter((name) => !served.has(name.replace(/_bucket$/, '')));
    expect(missing).toEqual([]);
  });

  it('refuses /metrics to another machine when no token is set', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.20.30.40' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('http_requests_total');
  });
});

describe('/metrics with a token', () => {
  let ctx: TestContext;
  const token = 'scraper-token-0123456789';
  beforeAll(async () => {
    ctx = await createTestApp({ METRICS_TOKEN: token, JOBS_ENABLED: 'false' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers only the bearer of the token, wherever it asks from', async () => {
    const without = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(without.statusCode).toBe(404);
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}x` },
    });
    expect(wrong.statusCode).toBe(404);
    const right = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '10.20.30.40',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toContain('text/plain');
  });
});

/** A POST whose body is sent in two parts: in flight from the first part until `finish` is called. */
function slowPost(port: number, path: string) {
  const body = JSON.stringify({ username: 'nobody@example.com', password: 'not-the-password' });
  let finish = () => {};
  const answered = new Promise<{ status: number | undefined } | { error: string }>((done) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => done({ status: response.statusCode }));
      },
    );
    request.on('error', (error) => done({ error: error.message }));
    request.write(body.slice(0, 10));
    finish = () => request.end(body.slice(10));
  });
  return { answered, finish: () => finish() };
}

async function portOf(ctx: TestContext): Promise<number> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

async function waitFor(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((wait) => setTimeout(wait, 10));
}

describe('stopping', () => {
  it('says not ready at once, keeps serving through the drain, then finishes the request in flight and exits 0', async () => {
    const log = logCollector();
    const ctx = await createTestApp({ LOG_LEVEL: 'info', JOBS_ENABLED: 'false' }, { logStream: log.stream });
    const port = await portOf(ctx);
    const inFlight = slowPost(port, '/myprosper/auth/authenticate');
    await waitFor(() => ctx.app.lifecycle.inFlight.size > 0);
    let exitCode: number | null = null;
    const stopped = shutDown(ctx.app, 'SIGTERM', {
      drainMs: 400,
      limitMs: 10_000,
      closeRest: async () => {},
      exit: (code) => {
        exitCode = code;
      },
    });
    const readyz = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(readyz.status).toBe(503);
    const live = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(live.status).toBe(200);
    // Past the drain, the listener is closing: the request that started before still gets its answer.
    await waitFor(() => log.lines.some((line) => line.msg === 'stopping: no longer accepting'));
    inFlight.finish();
    expect(await inFlight.answered).toEqual({ status: 401 });
    await stopped;
    expect(exitCode).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    await ctx.close();
  });

  it('gives up at the limit, saying which requests it cut, and exits 1', async () => {
    const log = logCollector();
    const ctx = await createTestApp({ LOG_LEVEL: 'info', JOBS_ENABLED: 'false' }, { logStream: log.stream });
    const port = await portOf(ctx);
    const stuck = slowPost(port, '/myprosper/auth/authenticate');
    await waitFor(() => ctx.app.lifecycle.inFlight.size > 0);
    const exited = new Promise<number>((done) => {
      void shutDown(ctx.app, 'SIGTERM', {
        drainMs: 50,
        limitMs: 500,
        closeRest: async () => {},
        exit: done,
      });
    });
    expect(await exited).toBe(1);
    const cut = log.lines.find((line) => line.msg === 'stopping: limit reached, requests cut');
    expect(cut?.cut).toEqual([{ method: 'POST', route: '/myprosper/auth/authenticate' }]);
    stuck.finish();
    await stuck.answered;
    await ctx.close();
  });
});

describe('traces (OpenTelemetry), when a collector is configured', () => {
  it('sends a span per request to the collector over OTLP/HTTP, named by route, without personal data', async () => {
    const received: string[] = [];
    const collector = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push(`${request.url} ${Buffer.concat(chunks).toString('utf8')}`);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((done) => collector.listen(0, '127.0.0.1', done));
    const address = collector.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const ctx = await createTestApp({
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_SERVICE_NAME: 'myprosper-test',
      JOBS_ENABLED: 'false',
    });
    try {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: '/myprosper/api/getTopicDetails/7?phone=0712345678',
      });
      expect(answer.statusCode).toBeLessThan(500);
    } finally {
      // Closing flushes the batch to the collector.
      await ctx.close();
      await new Promise((done) => collector.close(done));
    }
    const sent = received.join('\n');
    expect(sent).toContain('/v1/traces');
    expect(sent).toContain('myprosper-test');
    expect(sent).toContain('/myprosper/api/getTopicDetails/:topicId');
    expect(sent).not.toContain('712345678');
  });
});
