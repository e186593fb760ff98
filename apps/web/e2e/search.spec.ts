import { acceptCookies } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

test('searching with a typo finds the program and opens it', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Search' }).click();
  const box = page.getByPlaceholder('Search here...');
  await box.fill('ca');
  const found = page.getByRole('list', { name: 'Programs found' });
  await expect(found).toHaveCount(0);

  await box.fill('carer');
  const hit = found.getByRole('button', { name: /Career Growth/ });
  await expect(hit).toBeVisible();
  expect(await found.getByRole('listitem').count()).toBeLessThanOrEqual(6);
  await hit.click();

  await expect(page).toHaveURL(/\/topics\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Career Growth', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
