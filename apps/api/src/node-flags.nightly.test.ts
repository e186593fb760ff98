import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiNodeFlags } from '../node-flags.mjs';

/** Every way of starting the API runs it with the same V8 settings (apps/api/node-flags.mjs). */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const read = (path: string) => readFileSync(`${root}/${path}`, 'utf8');

describe('the API runtime settings', () => {
  it('are those of `npm start`', () => {
    const start: string = JSON.parse(read('package.json')).scripts.start;
    expect(start).toContain(`node ${apiNodeFlags.join(' ')} apps/api/dist/server.js`);
  });

  it("are those of the Dockerfile's command", () => {
    const command = /^CMD (.+)$/m.exec(read('Dockerfile'))?.[1] ?? '';
    expect(JSON.parse(command)).toEqual(['node', ...apiNodeFlags, 'apps/api/dist/server.js']);
  });

  it('are set for the processes of start:cluster, the benchmark, the journeys and the fault suite', () => {
    expect(read('scripts/start-cluster.mjs')).toMatch(/execArgv: \[\.\.\.apiNodeFlags/);
    expect(read('bench/server/run.ts').match(/\.\.\.apiNodeFlags, serverEntry/g)).toHaveLength(2);
    expect(read('apps/web/e2e/support/start-server.mjs')).toContain(
      "[...apiNodeFlags, 'apps/api/dist/server.js']",
    );
    expect(read('apps/api/test/faults/support/server-process.ts')).toContain(
      'spawn(process.execPath, [...apiNodeFlags,',
    );
  });
});
