import type { Page } from '@playwright/test';
import { acceptCookies, demo, signIn } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

// This journey tests the service worker itself (the others block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** What the worker keeps, by cache: the addresses of the kept answers. */
async function keptAddresses(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const kept: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      kept[name] = requests.map((request) => new URL(request.url).pathname);
    }
    return kept;
  });
}

test('the app installs, and offline shows the last known programs and mentors with a notice', async ({
  page,
  context,
}) => {
  await acceptCookies(page);
  await page.goto('/');
  // Installable: a manifest with a name, a start address and icons.
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'MyProsper', start_url: '/', display: 'standalone' });
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // A visit online, now through the worker.
  await page.goto('/');
  const firstProgram = page.getByRole('heading', { level: 3 }).first();
  await expect(firstProgram).toBeVisible();
  await page.goto('/advisors');
  const firstMentor = page.getByRole('heading', { level: 2 }).first();
  await expect(firstMentor).toBeVisible();
  const mentorName = await firstMentor.textContent();
  await expect.poll(async () => (await keptAddresses(page)).catalogue?.length ?? 0).toBeGreaterThanOrEqual(4);
  await expect(page.getByText('You are offline.')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('You are offline.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: mentorName ?? '' }).first()).toBeVisible();
  await page.goto('/');
  await expect(page.getByText('You are offline.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await context.setOffline(false);
});

test('nothing of a signed-in person or their money is kept: offline, the wallet needs the connection', async ({
  page,
  context,
}) => {
  await acceptCookies(page);
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await signIn(page, demo.advisee);
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: /wallet/i }).first()).toBeVisible();
  await page.goto('/sessions');
  await page.goto('/advisors');
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();

  const kept = await keptAddresses(page);
  // The app's code may be kept (the same for everyone); of the API, only the public catalogue's reads.
  const answers = Object.values(kept)
    .flat()
    .filter((path) => !path.startsWith('/assets/'));
  expect(answers.filter((path) => path.startsWith('/myprosper/api/'))).toEqual(
    answers.filter((path) =>
      /^\/myprosper\/api\/get(LiveTopics|Topic|TopAdvisors|AdvisorDetails|FAQs|ActiveTestimonials|PricingSetting)/.test(
        path,
      ),
    ),
  );
  expect(answers.filter((path) => /wallet|session|payment|booking|auth/i.test(path))).toEqual([]);

  await context.setOffline(true);
  await page.goto('/wallet');
  await expect(page.getByText('Please check your internet connection').first()).toBeVisible();
  await context.setOffline(false);
});
