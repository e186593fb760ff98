import type { Page } from '@playwright/test';
import { acceptCookies } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

const profileLinks = (page: Page) => page.getByRole('link', { name: 'View Profile' });

async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^(Show|Hide) filters/ });
  if (await toggle.isVisible()) {
    const expanded = await toggle.getAttribute('aria-expanded');
    if (expanded !== 'true') await toggle.click();
  }
}

test('the list comes a page at a time: "Show more mentors" adds the next until all are shown', async ({
  page,
}) => {
  await acceptCookies(page);
  const pagesAsked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/getTopicAdvisors/')) pagesAsked.push(request.url());
  });
  await page.goto('/advisors');
  await expect(profileLinks(page).first()).toBeVisible();
  const summary = page.getByText(/^Showing \d+ of \d+ mentors$/);
  await expect(summary).toBeVisible();
  const [, first, total] = /Showing (\d+) of (\d+)/.exec((await summary.textContent()) ?? '')!.map(Number);
  expect(total).toBeGreaterThanOrEqual(20);
  expect(await profileLinks(page).count()).toBe(first);
  await expect(page.getByText(`${total} mentors`, { exact: true })).toBeVisible();

  const more = page.getByRole('button', { name: 'Show more mentors' });
  while (await more.isVisible()) {
    const before = await profileLinks(page).count();
    await more.click();
    await expect.poll(() => profileLinks(page).count()).toBeGreaterThan(before);
  }
  expect(await profileLinks(page).count()).toBe(total);
  const names = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(new Set(names).size).toBe(names.length);
  // Only pages were asked for, never the whole list at once.
  expect(pagesAsked.length).toBeGreaterThanOrEqual(2);
  expect(pagesAsked.every((url) => url.includes('/PAGE'))).toBe(true);
});

test('every mentor filter narrows the list and lives in the address', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/advisors');
  await expect(page).toHaveTitle(/Advisors/);
  await expect(profileLinks(page).first()).toBeVisible();
  const all = await profileLinks(page).count();
  expect(all).toBeGreaterThanOrEqual(12);

  await openFilters(page);
  await page.getByRole('checkbox', { name: 'Agriculture' }).check();
  await expect(page).toHaveURL(/industries=/);
  await expect.poll(() => profileLinks(page).count()).toBeLessThan(all);
  const byIndustry = await profileLinks(page).count();
  expect(byIndustry).toBeGreaterThan(0);

  // Saturday evenings narrow further (or to nothing), never widen.
  await page.getByText('Saturday', { exact: true }).click();
  await expect(page).toHaveURL(/days=Saturday/);
  await expect.poll(() => profileLinks(page).count()).toBeLessThanOrEqual(byIndustry);

  // Filters live in the address: a reload keeps them.
  await page.reload();
  await expect(page).toHaveURL(/industries=.*days=Saturday|days=Saturday.*industries=/);

  await page.goto('/advisors?languages=999999');
  await expect(page.getByText('No advisors', { exact: true })).toBeVisible();
});

test('a topic filter matching nobody shows the spec message', async ({ page, request }) => {
  await acceptCookies(page);
  const topics = (await (await request.get('/myprosper/api/getLiveTopics')).json()).data as { id: number }[];
  const topicId = topics[0]?.id;
  expect(topicId).toBeDefined();
  // The program has mentors, but none who speaks a language that does not exist.
  await page.goto(`/advisors?topicId=${topicId}&languages=999999`);
  await expect(page.getByText('Oops!!. No advisors for the topic selected.')).toBeVisible();
});
