import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const integration = {
  environment: 'node',
  globalSetup: ['apps/api/test/global-setup.ts'],
  setupFiles: ['apps/api/test/fail-on-console-error.ts'],
  testTimeout: 30_000,
  // A test app starts its copy of the run's migrated database: seconds, on a machine running several suites.
  hookTimeout: 180_000,
  pool: 'forks',
  // A worker keeps the modules it loaded from one file to the next instead of loading the app again for each
  // (half an integration file's time). Every file builds its own app and database; none mocks modules or
  // changes process.env, which a shared module graph would carry over.
  isolate: false,
} as const;

const embeddedOwnFiles = [
  'apps/api/src/db/**/*.integration.test.ts',
  'apps/api/test/cluster.integration.test.ts',
];

/**
 * `npm test` runs the unit and integration projects (scripts/test.mjs). The nightly project (query plans,
 * the launchers' settings) runs with the fault suite: `npm run test:faults`.
 */
export default defineConfig({
  test: {
    // The pool of worker processes is the run's, not a project's: its size and whether a worker process is
    // reused for the next file are set here. Vitest's default is one worker fewer than the cores, which on a
    // 2-core machine ran every file one after another. Each project still says whether a file's modules are
    // loaded afresh inside a reused worker (the unit project does, as by default).
    maxWorkers: Math.max(2, availableParallelism()),
    poolOptions: { forks: { isolate: false } },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/sandbox/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts', '**/*.nightly.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/api/src/**/*.integration.test.ts', 'apps/api/test/**/*.integration.test.ts'],
          ...integration,
        },
      },
      {
        // The integration files that test the embedded database itself (its statements, the demo seed, the
        // launcher's refusal of several instances on it). With a PostgreSQL server named, `npm test` runs the
        // integration project there and these on the embedded database (scripts/test.mjs).
        test: {
          name: 'embedded',
          include: embeddedOwnFiles,
          ...integration,
        },
      },
      {
        test: {
          name: 'nightly',
          include: ['apps/api/src/**/*.nightly.test.ts'],
          ...integration,
        },
      },
    ],
  },
});
