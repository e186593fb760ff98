import { defineConfig } from '@playwright/test';
import { chromiumFlags } from './e2e/support/chromium-flags.ts';
import { e2eWorkers, journeyServerEnv, serverPort } from './e2e/support/servers.ts';
import { hasTurnServer } from './e2e/support/turn-server.ts';

/** The journeys that hold calls (the drop in a call, call-drop.spec.ts, needs coturn as well). */
const callJourneys = /calls(-sfu)?\.spec\.ts$/;

/**
 * Journeys against the whole stack, started as `npm start` starts it (the built server, a fresh data folder
 * and the embedded database, with the demo data). Each worker has a server of its own (support/servers.ts),
 * so journeys that change the demo data (bookings, hours, payouts) never meet another worker's changes.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results',
  fullyParallel: false,
  workers: e2eWorkers,
  retries: 0,
  // Generous: journeys on a busy 2-core machine (CI runs several servers and browsers on it).
  timeout: 120_000,
  // Pages load lazily on a machine that may be running several servers and browsers at once.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    // The first worker's server; support/fixtures.ts gives each worker its own.
    baseURL: `http://localhost:${serverPort(0)}`,
    trace: 'retain-on-failure',
    // A service worker answers a page's requests before page.route sees them: journeys run without one, but for
    // offline.spec.ts, which tests the worker itself.
    serviceWorkers: 'block',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || undefined, args: chromiumFlags },
  },
  projects: [
    // Calls on the same phone, one journey at a time: two group calls at once (seven Chromium pages encoding
    // video on two cores) starved each other past their timeouts in CI. Listed first, so that they start first
    // and run beside the other journeys instead of one after another at the end.
    {
      name: 'calls',
      use: { viewport: { width: 360, height: 740 }, isMobile: false, hasTouch: true },
      testMatch: hasTurnServer ? [callJourneys, /call-drop\.spec\.ts$/] : callJourneys,
      workers: 1,
    },
    // Every journey runs on a 360 px phone. The journeys that change shared demo data (bookings, hours,
    // payouts) run once: a second pass on the same server would meet the first pass's sessions. The desktop
    // pass covers the public pages a visitor browses and signing in and out, where the layout differs most (the
    // accessibility journey opens every page at 1280 px as well).
    // The TURN relay journey needs a local coturn (`.ci/run` installs it; README, Test it).
    {
      name: 'phone',
      use: { viewport: { width: 360, height: 740 }, isMobile: false, hasTouch: true },
      testIgnore: [callJourneys, /call-drop\.spec\.ts$/, ...(hasTurnServer ? [] : [/turn-relay\.spec\.ts$/])],
    },
    // Journeys tagged @any-screen test rules no layout changes (tokens, sign-ins, routes): the phone pass is enough.
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
      testMatch: /(browse|search|mentors|not-found|auth)\.spec\.ts$/,
      grepInvert: /@any-screen/,
    },
  ],
  webServer: Array.from({ length: e2eWorkers }, (_, worker) => ({
    command: 'node e2e/support/start-server.mjs',
    url: `http://localhost:${serverPort(worker)}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    env: { PORT: String(serverPort(worker)), ...journeyServerEnv },
  })),
});
