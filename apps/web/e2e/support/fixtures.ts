import { type BrowserContext, type BrowserContextOptions, test as base, type Page } from '@playwright/test';
import { acceptCookies } from './api.ts';
import { serverPort } from './servers.ts';

export { expect } from '@playwright/test';

export interface OtherBrowser {
  context: BrowserContext;
  page: Page;
}

/**
 * Journeys on the server of their worker (`baseURL`: each worker has its own server and demo data), with
 * `otherBrowser(options?)`: another person on another device (a browser context: own storage)
 * with this project's address and screen unless `options` say otherwise, cookies accepted. Every one a
 * journey opened is closed after it, pass or fail: the browser is shared by the worker's journeys, and a page
 * left open (in a call above all, sending and decoding video) slows every later one.
 */
export const test = base.extend<{ otherBrowser: (options?: BrowserContextOptions) => Promise<OtherBrowser> }>(
  {
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    baseURL: async ({}, use, testInfo) => {
      await use(`http://localhost:${serverPort(testInfo.parallelIndex)}`);
    },
    otherBrowser: async ({ browser, baseURL }, use, testInfo) => {
      const opened: BrowserContext[] = [];
      await use(async (options = {}) => {
        const { viewport } = testInfo.project.use;
        const context = await browser.newContext({ baseURL, viewport, serviceWorkers: 'block', ...options });
        opened.push(context);
        const page = await context.newPage();
        await acceptCookies(page);
        return { context, page };
      });
      await Promise.all(opened.map((context) => context.close()));
    },
  },
);
