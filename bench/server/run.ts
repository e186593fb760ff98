// `npm run bench`: the server benchmark. Makes (or reuses) a large marketplace in PostgreSQL, builds the API
// and starts it as `npm start` does, loads it with autocannon beside a bare Fastify ceiling, checks the
// bookings, then measures the embedded database on a smaller dataset and the cold start, and reports.
//
// Settings (environment): BENCH_SCALE (1), BENCH_DURATION seconds (10), BENCH_WARMUP seconds (3),
// BENCH_CONNECTIONS (50), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres; the benchmark
// database is made beside it), BENCH_EMBEDDED_SCALE (0.1; 0 skips the embedded run), BENCH_COLD_STARTS (3),
// BENCH_ONLY (comma-separated parts of scenario names), BENCH_BUILD (on; off reuses apps/api/dist),
// BENCH_API_ENTRY (the API bundle to run, apps/api/dist/server.js; another one implies BENCH_BUILD=off),
// BENCH_CEILING_DURATION seconds (5: each measure of the ceiling, between every two endpoints),
// BENCH_PROFILE (a folder: the API on the server database writes a V8 CPU profile there when it stops).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { apiNodeFlags } from '../../apps/api/node-flags.mjs';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded.ts';
import { ceilingAnswer } from './ceiling-answer.mjs';
import { describe, embeddedDataset, serverDataset } from './database.ts';
import { type LoadOptions, runLoad } from './load.ts';
import { type Running, startServer, stopServer } from './processes.ts';
import { formatReport, type Report, type Row, saveReport, type Target } from './report.ts';
import {
  apiScenarios,
  ceilingScenario,
  cleanUp,
  loadInputs,
  type Scenario,
  sameBytesScenario,
  verifyBookings,
} from './scenarios.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const work = join(root, 'bench/.data');
const defaultEntry = join(root, 'apps/api/dist/server.js');
const serverEntry = process.env.BENCH_API_ENTRY ? resolve(process.env.BENCH_API_ENTRY) : defaultEntry;
const jwtSecret = 'myprosper-benchmark-signing-secret-0123456789';
/** Times each request inside the API under load (its log level is warn, so Fastify's lines are off). */
const serverTiming = join(root, 'bench/server/server-timing.mjs');

const number = (name: string, fallback: number) => {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`${name} must be a number, got ${value}`);
  return parsed;
};

const settings = {
  scale: number('BENCH_SCALE', 1),
  durationSeconds: number('BENCH_DURATION', 10),
  warmupSeconds: number('BENCH_WARMUP', 3),
  connections: number('BENCH_CONNECTIONS', 50),
  embeddedScale: number('BENCH_EMBEDDED_SCALE', 0.1),
  coldStarts: number('BENCH_COLD_STARTS', 3),
  databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  only: (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean),
  ceilingSeconds: number('BENCH_CEILING_DURATION', 5),
  profileDir: process.env.BENCH_PROFILE ? resolve(process.env.BENCH_PROFILE) : null,
  build:
    serverEntry === defaultEntry &&
    !['off', 'false', '0'].includes((process.env.BENCH_BUILD ?? 'on').toLowerCase()),
};
// As a phone's browser asks: JSON, and compressed answers.
const headers = { accept: 'application/json', 'accept-encoding': 'br, gzip' };

const log = (line: string) => console.info(line);
const stamp = new Date().toISOString();
const logDir = join(work, 'logs');
mkdirSync(logDir, { recursive: true });

function databaseName(scale: number) {
  return scale === 1 ? 'myprosper_bench' : `myprosper_bench_s${String(scale).replace('.', '_')}`;
}

/**
 * The environment of the API as `npm start` runs it, on the benchmark's data, logging warnings and errors
 * only: the info line of every request would cost a good share of a catalogue read.
 */
function apiEnv(extra: Record<string, string>): Record<string, string> {
  return {
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    JWT_SECRET: jwtSecret,
    DATABASE_URL: '',
    // The booking scenario books thousands of slots with a few advisees from one address: not a hoarder.
    RATE_LIMIT_BOOKINGS_PER_HOUR: '1000000',
    // No background jobs while measured: the generated marketplace was written straight into the database, so
    // the confirmations of its 30,000 upcoming sessions were never sent, and a first start sends them all (about
    // a hundred SMS a second to the sandbox in this process) during the runs. A live site has no such backlog.
    JOBS_ENABLED: 'false',
    ...extra,
  };
}

function selected(scenarios: Scenario[]) {
  if (settings.only.length === 0) return scenarios;
  return scenarios.filter((s) => settings.only.some((part) => s.name.toLowerCase().includes(part)));
}

async function measure(scenario: Scenario, baseUrl: string, serverLog?: string) {
  const options: LoadOptions = {
    baseUrl,
    connections: settings.connections,
    warmupSeconds: settings.warmupSeconds,
    durationSeconds: settings.durationSeconds,
    headers,
    next: scenario.next,
    serverLog,
  };
  log(`  ${scenario.name} …`);
  const result = await runLoad(options);
  log(
    `    ${result.requestsPerSecond} req/s, p50 ${result.latency.p50} ms, p95 ${result.latency.p95} ms, p99 ${result.latency.p99} ms` +
      (result.server ? `; server p95 ${result.server.p95} ms` : '') +
      `; ${JSON.stringify(result.statusCodes)}`,
  );
  return result;
}

/**
 * The bare Fastify route, the ceiling of this machine: its server runs through the whole API run (idle while
 * the API is loaded) and is measured between every two endpoints, for `ceilingSeconds` after a 1-second
 * warm-up. This host's speed drifts by half within minutes (other work on a shared host), so each endpoint's
 * ratio is to the mean of the ceilings measured just before and just after it.
 */
async function startCeiling() {
  return startServer({
    // With the API's V8 settings: the ratios compare the API's code with a bare route on the same runtime.
    args: [...apiNodeFlags, join(root, 'bench/server/ceiling.mjs')],
    env: {},
    logFile: join(logDir, `ceiling-${stamp}.log`),
    readyPath: '/',
  });
}

/** The size of the ceiling's answer body: the rest of its response is headers. */
const ceilingBodyBytes = JSON.stringify(ceilingAnswer).length;

async function measureCeiling(ceiling: Running, name: string, scenario: Scenario = ceilingScenario()) {
  return runLoad({
    baseUrl: ceiling.baseUrl,
    connections: settings.connections,
    warmupSeconds: 1,
    durationSeconds: settings.ceilingSeconds,
    headers,
    next: scenario.next,
  }).then((result) => {
    log(`  ${name}: ${result.requestsPerSecond} req/s`);
    return result;
  });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** One request's size and time, for what is too big to load-test usefully. */
async function once(url: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  const body = await response.arrayBuffer();
  return { status: response.status, bytes: body.byteLength, ms: Math.round(performance.now() - started) };
}

async function main() {
  const loadBefore = loadavg();
  if (settings.build) {
    log('Building the API (npm run build -w @myprosper/api) …');
    execFileSync('npm', ['run', 'build', '-w', '@myprosper/api'], { cwd: root, stdio: 'inherit' });
  }

  // 1. The dataset on the PostgreSQL server.
  const name = databaseName(settings.scale);
  log(`Dataset in ${name} …`);
  const dataset = await serverDataset(settings.databaseUrl, name, settings.scale, log);
  log(
    dataset.made
      ? `  made in ${dataset.marker.seconds} s`
      : `  reused (${describe(dataset.marker.size)}, made ${dataset.marker.generatedOn} in ${dataset.marker.seconds} s)`,
  );
  const bookingsPlanned = 60_000;
  const inputs = await withClient(dataset.url, (client) =>
    loadInputs(client, { mentors: dataset.marker.size.mentors, jwtSecret, bookings: bookingsPlanned }),
  );
  log(
    `  ${inputs.slots.length} free slots ready to book by ${new Set(inputs.slots.map((s) => s.bookerId)).size} advisees`,
  );

  // 2. The ceiling: a bare Fastify route, measured first alone, then between every two endpoints.
  log('Load:');
  const ceiling = await startCeiling();
  // Until the API runs (and the run's own finally takes over), a failure stops the ceiling's server too.
  const orStopCeiling = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      await stopServer(ceiling);
      throw error;
    }
  };
  const firstCeiling = await orStopCeiling(() => measureCeiling(ceiling, ceilingScenario().name));
  const rows: Row[] = [
    { name: ceilingScenario().name, group: 'ceiling', result: firstCeiling, ratioToCeiling: 1 },
  ];
  let lastCeiling = firstCeiling;

  // 3. The API on the server database, as `npm start` runs it.
  const apiLog = join(logDir, `api-${stamp}.log`);
  const api = await orStopCeiling(() =>
    startServer({
      args: [
        ...(settings.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${settings.profileDir}`] : []),
        ...apiNodeFlags,
        '--import',
        serverTiming,
        serverEntry,
      ],
      env: apiEnv({ DATABASE_URL: dataset.url, DATA_DIR: join(work, 'server-data') }),
      logFile: apiLog,
      readyPath: '/readyz',
    }),
  );
  const notes: string[] = [];
  let booking: Report['server']['booking'] = null;
  try {
    for (const scenario of selected(apiScenarios(inputs))) {
      const result = await measure(scenario, api.baseUrl, apiLog);
      const before = lastCeiling.requestsPerSecond;
      lastCeiling = await measureCeiling(ceiling, '  ceiling');
      const after = lastCeiling.requestsPerSecond;
      const mean = (before + after) / 2;
      rows.push({
        name: scenario.name,
        group: scenario.group,
        result,
        ratioToCeiling: mean > 0 ? result.requestsPerSecond / mean : 0,
        ceiling: { before, after },
      });
      // An answer many times the ceiling's size is also measured against the bare route sending as many bytes.
      const { bytesPerResponse } = result;
      if (scenario.group === 'catalogue' && bytesPerResponse > 4 * firstCeiling.bytesPerResponse) {
        const headerBytes = firstCeiling.bytesPerResponse - ceilingBodyBytes;
        const reference = sameBytesScenario(bytesPerResponse - headerBytes);
        const same = await measureCeiling(ceiling, `  ${reference.name}`, reference);
        rows.push({
          name: reference.name,
          group: 'reference',
          result: same,
          ratioToCeiling: same.requestsPerSecond / mean,
        });
        notes.push(
          `${scenario.name} answers ${bytesPerResponse.toLocaleString('en')} bytes a response: ${Math.round((100 * result.requestsPerSecond) / same.requestsPerSecond)} % of the bare route sending as many (${same.requestsPerSecond} req/s), measured right after it.`,
        );
      }
      if (scenario.group === 'booking') {
        const check = await withClient(dataset.url, (client) => verifyBookings(client, inputs.bookerIds));
        const refused: Record<string, number> = {};
        for (const [code, n] of Object.entries(result.statusCodes)) if (code !== '200') refused[code] = n;
        const attempted = Object.values(result.statusCodes).reduce((a, b) => a + b, 0);
        booking = {
          // The warm-up booked too: successes are counted in the database, over both.
          attempted,
          succeeded: result.statusCodes['200'] ?? 0,
          refused,
          inDatabase: check.booked,
          mentorOverlaps: check.mentorOverlaps,
          attendeeOverlaps: check.attendeeOverlaps,
        };
      }
    }
    const everyone = await once(`${api.baseUrl}/myprosper/api/getTopicAdvisors/0/ALL`);
    const everyoneAgain = await once(`${api.baseUrl}/myprosper/api/getTopicAdvisors/0/ALL`);
    notes.push(
      `the mentor list without any filter answers every mentor (the spec's list has no pages): ${everyone.bytes} bytes, ${everyone.ms} ms uncached, ${everyoneAgain.ms} ms cached; it is left out of the load runs.`,
    );
  } finally {
    await stopServer(api);
    await stopServer(ceiling);
  }
  await withClient(dataset.url, (client) => cleanUp(client, inputs.bookerIds));
  if (rows.length > 1) {
    rows.push({
      name: 'ceiling, last (after the API)',
      group: 'ceiling',
      result: lastCeiling,
      ratioToCeiling: 1,
    });
  }

  // 4. Embedded (PGlite): throughput on a smaller dataset, then the cold start on its data folder.
  let embedded: Report['embedded'] = null;
  let coldStart: Report['coldStart'] = null;
  if (settings.embeddedScale > 0) {
    const dataDir = join(work, `embedded-${String(settings.embeddedScale).replace('.', '_')}`);
    log(`Embedded dataset in ${dataDir} …`);
    const made = await embeddedDataset(dataDir, settings.embeddedScale, log);
    log(made.made ? `  made in ${made.marker.seconds} s` : `  reused (${describe(made.marker.size)})`);
    const withEmbedded = async <T>(work: (client: pg.Client) => Promise<T>) => {
      const pgServer = await startEmbeddedPostgres(join(dataDir, 'pg'));
      try {
        return await withClient(pgServer.url, work);
      } finally {
        await pgServer.stop();
      }
    };
    const embeddedInputs = await withEmbedded((client) =>
      loadInputs(client, { mentors: made.marker.size.mentors, jwtSecret, bookings: 20_000 }),
    );
    const server = await startServer({
      args: [...apiNodeFlags, serverEntry],
      env: apiEnv({ DATA_DIR: dataDir }),
      logFile: join(logDir, `embedded-${stamp}.log`),
      readyPath: '/readyz',
    });
    const embeddedRows: { name: string; requestsPerSecond: number; errors: number }[] = [];
    try {
      log('Load (embedded):');
      for (const scenario of selected(apiScenarios(embeddedInputs))) {
        const result = await measure(scenario, server.baseUrl);
        const failed = Object.entries(result.statusCodes)
          .filter(([code]) => !code.startsWith('2'))
          .reduce((sum, [, n]) => sum + n, result.errors + result.timeouts);
        embeddedRows.push({
          name: scenario.name,
          requestsPerSecond: result.requestsPerSecond,
          errors: failed,
        });
      }
    } finally {
      await stopServer(server);
    }
    await withEmbedded((client) => cleanUp(client, embeddedInputs.bookerIds));
    embedded = { dataset: made.marker, rows: embeddedRows };

    const runsMs: number[] = [];
    for (let run = 0; run < settings.coldStarts; run++) {
      const started = await startServer({
        args: [...apiNodeFlags, serverEntry],
        env: apiEnv({ DATA_DIR: dataDir }),
        logFile: join(logDir, `cold-start-${stamp}.log`),
        readyPath: '/readyz',
      });
      runsMs.push(Math.round(started.readyMs));
      await stopServer(started);
    }
    if (runsMs.length > 0) {
      const sorted = [...runsMs].sort((a, b) => a - b);
      coldStart = { dataDir, runsMs, medianMs: sorted[Math.floor(sorted.length / 2)]! };
    }
  }

  const report: Report = {
    startedAt: stamp,
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      node: process.version,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg(),
    },
    settings: {
      connections: settings.connections,
      pipelining: 1,
      warmupSeconds: settings.warmupSeconds,
      durationSeconds: settings.durationSeconds,
      headers,
    },
    server: { database: name, dataset: dataset.marker, rows, booking, notes },
    embedded,
    coldStart,
    targets: targetsOf(rows, booking),
  };
  log(formatReport(report));
  log(`Saved ${saveReport(report, join(root, 'bench/results'))} and bench/results/latest.json`);
}

function targetsOf(rows: Row[], booking: Report['server']['booking']): Target[] {
  const targets: Target[] = [];
  for (const row of rows) {
    const r = row.result;
    if (row.group === 'catalogue') {
      targets.push({
        name: `${row.name}: at least 40 % of the ceiling`,
        measured: `${Math.round(row.ratioToCeiling * 100)} %`,
        limit: '>= 40 %',
        met: row.ratioToCeiling >= 0.4,
      });
      targets.push({
        name: `${row.name}: p99 under 50 ms`,
        measured: `${r.latency.p99} ms`,
        limit: '< 50 ms',
        met: r.latency.p99 < 50,
      });
    }
    if (row.group === 'search') {
      targets.push({
        name: `${row.name}: p95 inside the server under 10 ms`,
        measured: `${r.server?.p95 ?? '?'} ms`,
        limit: '< 10 ms',
        met: (r.server?.p95 ?? Number.POSITIVE_INFINITY) < 10,
      });
    }
    if (row.group === 'booking') {
      targets.push({
        name: `${row.name}: p99 under 100 ms`,
        measured: `${r.latency.p99} ms`,
        limit: '< 100 ms',
        met: r.latency.p99 < 100,
      });
    }
  }
  if (booking) {
    targets.push({
      name: 'no double booking (overlapping sessions holding a slot)',
      measured: `${booking.mentorOverlaps + booking.attendeeOverlaps}`,
      limit: '= 0',
      met: booking.mentorOverlaps + booking.attendeeOverlaps === 0,
    });
  }
  return targets;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
