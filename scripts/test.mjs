#!/usr/bin/env node
// `npm test`: every test. Unit and API integration tests (vitest), then the browser journeys (Playwright)
// against the whole stack started the way `npm start` starts it.
// The database is the embedded one, or the PostgreSQL server of TEST_DATABASE_URL when set.
import { spawnSync } from 'node:child_process';
import { findChromium } from './chromium.mjs';

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
}

const database = process.env.TEST_DATABASE_URL
  ? `PostgreSQL server (${process.env.TEST_DATABASE_URL})`
  : 'embedded PostgreSQL';
console.info(`\n▶ Tests on ${database}\n`);

run('npx', ['vitest', 'run']);

const chromium = findChromium({ install: true });
if (!chromium) {
  console.error(
    '\n✗ No Chromium found for the browser tests. Install it, e.g. `apt-get install -y chromium` on Debian,\n' +
      '  or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
  process.exit(1);
}
run('npm', ['run', 'build']);
run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], { CHROMIUM_PATH: chromium });
