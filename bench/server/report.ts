// The benchmark's report: a table for the terminal and the same figures as JSON under bench/results.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiNodeFlags } from '../../apps/api/node-flags.mjs';
import type { LoadResult } from './load.ts';
import type { Marker } from './marker.ts';
import type { Group } from './scenarios.ts';

export interface Row {
  name: string;
  group: Group;
  result: LoadResult;
  /** Requests per second as a share of the ceiling's (1 = as fast as a bare route). */
  ratioToCeiling: number;
  /** The ceiling (req/s) measured just before and just after this endpoint: the ratio is to their mean. */
  ceiling?: { before: number; after: number };
}

export interface Target {
  name: string;
  measured: string;
  limit: string;
  met: boolean;
}

export interface Report {
  startedAt: string;
  finishedAt: string;
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    loadAverageBefore: number[];
    loadAverageAfter: number[];
  };
  settings: {
    connections: number;
    pipelining: 1;
    warmupSeconds: number;
    durationSeconds: number;
    headers: Record<string, string>;
  };
  server: {
    database: string;
    dataset: Marker;
    rows: Row[];
    booking: {
      attempted: number;
      succeeded: number;
      refused: Record<string, number>;
      inDatabase: number;
      mentorOverlaps: number;
      attendeeOverlaps: number;
    } | null;
    notes: string[];
  };
  embedded: { dataset: Marker; rows: { name: string; requestsPerSecond: number; errors: number }[] } | null;
  coldStart: { dataDir: string; runsMs: number[]; medianMs: number } | null;
  targets: Target[];
}

const pad = (text: string, width: number) =>
  text.length >= width ? text : text + ' '.repeat(width - text.length);
const lpad = (text: string, width: number) =>
  text.length >= width ? text : ' '.repeat(width - text.length) + text;
const ms = (v: number | undefined) => (v === undefined ? '-' : v < 10 ? v.toFixed(2) : v.toFixed(1));

export function formatReport(report: Report): string {
  const lines: string[] = [];
  const { dataset } = report.server;
  const s = dataset.size;
  lines.push('');
  lines.push(
    `Server benchmark: ${report.settings.connections} connections, pipelining 1, ${report.settings.warmupSeconds} s warm-up, ${report.settings.durationSeconds} s measured`,
  );
  lines.push(
    `Dataset: ${s.mentors} mentors, ${s.programs} programs, ${s.sessions} sessions, ${s.ledgerEntries} ledger entries, ${s.advisees} advisees (PostgreSQL server)`,
  );
  lines.push(
    `Machine: ${report.machine.cpus} cores (${report.machine.cpuModel}), Node ${report.machine.node}, load average before ${report.machine.loadAverageBefore.map((v) => v.toFixed(1)).join(' ')}`,
  );
  const around = report.server.rows.flatMap((row) =>
    row.ceiling ? [row.ceiling.before, row.ceiling.after] : [],
  );
  if (around.length > 0) {
    lines.push(
      `Ceiling measured between every two endpoints (${Math.min(...around)}–${Math.max(...around)} req/s): each ratio is to the mean of the two beside its endpoint (column 'beside')`,
    );
  }
  lines.push('');
  const header = [
    pad('endpoint', 30),
    lpad('req/s', 8),
    lpad('p50 ms', 8),
    lpad('p95 ms', 8),
    lpad('p99 ms', 8),
    lpad('ceiling', 8),
    lpad('beside', 7),
    lpad('server p95', 11),
    lpad('server p99', 11),
    lpad('non-2xx', 8),
    lpad('bytes', 8),
  ].join(' ');
  lines.push(header);
  lines.push('-'.repeat(header.length));
  for (const row of report.server.rows) {
    const r = row.result;
    const non2xx = Object.entries(r.statusCodes)
      .filter(([code]) => !code.startsWith('2'))
      .reduce((sum, [, n]) => sum + n, 0);
    lines.push(
      [
        pad(row.name, 30),
        lpad(String(r.requestsPerSecond), 8),
        lpad(ms(r.latency.p50), 8),
        lpad(ms(r.latency.p95), 8),
        lpad(ms(r.latency.p99), 8),
        lpad(`${Math.round(row.ratioToCeiling * 100)} %`, 8),
        lpad(row.ceiling ? String(Math.round((row.ceiling.before + row.ceiling.after) / 2)) : '-', 7),
        lpad(ms(r.server?.p95), 11),
        lpad(ms(r.server?.p99), 11),
        lpad(String(non2xx + r.errors + r.timeouts), 8),
        lpad(String(r.bytesPerResponse), 8),
      ].join(' '),
    );
  }
  const booking = report.server.booking;
  if (booking) {
    lines.push('');
    lines.push(
      `Bookings: ${booking.succeeded} of ${booking.attempted} succeeded, ${booking.inDatabase} in the database; double bookings: ${booking.mentorOverlaps} (mentor), ${booking.attendeeOverlaps} (attendee)`,
    );
  }
  for (const note of report.server.notes) lines.push(`Note: ${note}`);
  if (report.embedded) {
    const e = report.embedded.dataset.size;
    lines.push('');
    lines.push(
      `Embedded (PGlite), throughput only: ${e.mentors} mentors, ${e.programs} programs, ${e.sessions} sessions, ${e.ledgerEntries} ledger entries`,
    );
    for (const row of report.embedded.rows) {
      lines.push(
        `  ${pad(row.name, 30)} ${lpad(String(row.requestsPerSecond), 8)} req/s${row.errors ? `  (${row.errors} errors)` : ''}`,
      );
    }
  }
  if (report.coldStart) {
    lines.push('');
    lines.push(
      `Cold start (node ${apiNodeFlags.join(' ')} apps/api/dist/server.js on an existing data folder, until /readyz answers 200): median ${Math.round(report.coldStart.medianMs)} ms (${report.coldStart.runsMs.map((v) => Math.round(v)).join(', ')})`,
    );
  }
  lines.push('');
  lines.push('Targets');
  for (const target of report.targets) {
    lines.push(
      `  ${target.met ? 'met    ' : 'NOT MET'}  ${pad(target.name, 58)} ${pad(target.measured, 22)} (${target.limit})`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

/** Writes bench/results/<timestamp>.json and bench/results/latest.json; answers the first path. */
export function saveReport(report: Report, folder: string): string {
  mkdirSync(folder, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, '-');
  const path = join(folder, `${stamp}.json`);
  const text = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(path, text);
  writeFileSync(join(folder, 'latest.json'), text);
  return path;
}
