import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The fault tests (`npm run test:faults`, `npm run test:soak`): the real server in processes of its own,
 * killed, its database restarted, its outside services failing, and a soak. Not part of `npm test`: the
 * root vitest.config.ts includes no *.faults.test.ts. One file at a time: each starts its own processes and
 * PostgreSQL cluster, and a 2-core machine is loaded enough by one.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../../../..', import.meta.url)),
  test: {
    name: 'faults',
    include: ['apps/api/test/faults/**/*.faults.test.ts'],
    environment: 'node',
    globalSetup: ['apps/api/test/faults/global-setup.ts'],
    setupFiles: ['apps/api/test/fail-on-console-error.ts'],
    testTimeout: 10 * 60_000,
    hookTimeout: 3 * 60_000,
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
  },
});
