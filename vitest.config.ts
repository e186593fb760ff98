import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/sandbox/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/api/src/**/*.integration.test.ts', 'apps/api/test/**/*.integration.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          setupFiles: ['apps/api/test/fail-on-console-error.ts'],
          testTimeout: 30_000,
          // A test app starts a database and migrates it: minutes, on a machine running several suites at once.
          hookTimeout: 180_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
