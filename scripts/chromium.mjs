import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

function playwrightChromium() {
  const result = spawnSync(
    process.execPath,
    ['-e', "import('@playwright/test').then(m => process.stdout.write(m.chromium.executablePath()))"],
    { encoding: 'utf8' },
  );
  const path = result.stdout?.trim();
  return path && existsSync(path) ? path : null;
}

/**
 * A Chromium the browser tests can drive: CHROMIUM_PATH, a system Chromium, or Playwright's own.
 * With `install`, and none found, tries `npx playwright install chromium` once.
 */
export function findChromium({ install = false } = {}) {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  const system = candidates.find((path) => existsSync(path));
  if (system) return system;
  const own = playwrightChromium();
  if (own || !install) return own;
  console.info('No Chromium found: trying `npx playwright install chromium`…');
  spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
  return playwrightChromium();
}
