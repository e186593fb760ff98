// Starts the built server the way `npm start` does: a fresh data folder with the embedded database, the
// sandboxes and the demo data. The journeys run on the embedded database only (the API's suites run on both).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiNodeFlags } from '../../../api/node-flags.mjs';

const root = resolve(import.meta.dirname, '../../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'myprosper-e2e-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  SANDBOX: 'true',
  SEED_DEMO: 'true',
  // The address the journeys reach it at: the card page and its receipt pages are signed for PUBLIC_URL only
  // (never the Host of a request), and links in e-mails start with it.
  PUBLIC_URL: `http://localhost:${process.env.PORT ?? 3000}`,
  LOG_LEVEL: 'warn',
  // Every journey books from this one address, many with the demo accounts: not a person hoarding slots.
  RATE_LIMIT_BOOKINGS_PER_HOUR: '1000',
  // Likewise the journeys' log-ins and sign-ups (dozens a minute from this address): the limits themselves are
  // proved by the API's tests (rate-limit and brute-force suites).
  RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
  RATE_LIMIT_SIGNUPS_PER_MINUTE: '1000',
  // Every journey's sign-up texts a phone code from this one address (the limit is proved by the API's tests).
  PHONE_CODES_PER_ADDRESS_PER_HOUR: '10000',
  // The mentor no-show journey moves its session to have started 11 minutes ago and has the attendance job
  // decide it at once (POST /dev/sessions/:id/move, this machine only; never on in production).
  DEV_SESSION_CLOCK: 'true',
  // No load balancer to drain for: stop at once when the journeys end.
  SHUTDOWN_DRAIN_MS: '0',
};
delete env.DATABASE_URL;
delete env.TEST_DATABASE_URL;

const child = spawn(process.execPath, [...apiNodeFlags, 'apps/api/dist/server.js'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
