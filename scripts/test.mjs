#!/usr/bin/env node
// `npm test`: every test. Unit and API integration tests (vitest) on the embedded database, or, when
// TEST_DATABASE_URL names a PostgreSQL server, the integration tests on that server (where locks and
// concurrency are real) and only the embedded database's own ones on it; then the browser journeys
// (Playwright) once, against the whole stack started the way `npm start` starts it, on the embedded database.
// Prints how long each stage took.
import { spawnSync } from 'node:child_process';
import { findChromium } from './chromium.mjs';

const stages = [];

function run(stage, command, args, env = {}) {
  const started = Date.now();
  console.info(`\n▶ ${stage}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  stages.push(`${stage}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed`);
    printStages();
    process.exit(result.status ?? 1);
  }
}

function printStages() {
  console.info(`\nnpm test stages:\n  ${stages.join('\n  ')}`);
}

const serverUrl = process.env.TEST_DATABASE_URL;
const embedded = { TEST_DATABASE_URL: '' };

const chromium = findChromium({ install: true });
if (!chromium) {
  console.error(
    '\n✗ No Chromium found for the browser tests. Install it, e.g. `apt-get install -y chromium` on Debian,\n' +
      '  or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
  process.exit(1);
}

if (serverUrl) {
  // Each integration file runs once, on the server, where locks and concurrency are real; those that test the
  // embedded database itself run on it (vitest.config.ts, project embedded), and the journeys run the whole
  // stack on it (docs/decisions/022-integration-tests-once-on-the-server.md).
  run(
    'unit tests, and the embedded database’s own integration tests on it',
    'npx',
    ['vitest', 'run', '--project', 'unit', '--project', 'embedded'],
    embedded,
  );
  run(
    `integration tests on the PostgreSQL server (${serverUrl})`,
    'npx',
    ['vitest', 'run', '--project', 'integration'],
    {
      TEST_DATABASE_URL: serverUrl,
    },
  );
} else {
  run(
    'unit and integration tests on the embedded database',
    'npx',
    ['vitest', 'run', '--project', 'unit', '--project', 'integration'],
    embedded,
  );
}
run('build', 'npm', ['run', 'build']);
run(
  'browser journeys on the embedded database',
  'npx',
  ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'],
  {
    ...embedded,
    CHROMIUM_PATH: chromium,
  },
);
printStages();
