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

test('every mentor filter narrows the list and lives in the address', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/advisors');
  await expect(page).toHaveTitle(/Advisors/);
  await expect(profileLinks(page).first()).toBeVisible();
  const all = await profileLinks(page).count();
  expect(all).toBeGreaterThanOrEqual(20);

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
