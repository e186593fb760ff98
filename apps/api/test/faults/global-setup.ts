import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

/**
 * Builds the server the way `npm run build` does (apps/api/build.mjs), into a folder of this run's own
 * (inside apps/api/node_modules, so the bundle finds its packages), leaving apps/api/dist to others.
 * FAULTS_SERVER_ENTRY runs an existing bundle instead.
 */
export default function setup(project: TestProject): (() => void) | undefined {
  if (process.env.FAULTS_SERVER_ENTRY) {
    project.provide('faultsServerEntry', process.env.FAULTS_SERVER_ENTRY);
    return undefined;
  }
  const apiDir = fileURLToPath(new URL('../..', import.meta.url));
  const outdir = join(apiDir, 'node_modules', `.faults-server-${randomBytes(4).toString('hex')}`);
  const built = spawnSync(process.execPath, ['build.mjs', outdir], { cwd: apiDir, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`building the server failed:\n${built.stderr}${built.stdout}`);
  project.provide('faultsServerEntry', join(outdir, 'server.js'));
  return () => rmSync(outdir, { recursive: true, force: true });
}
