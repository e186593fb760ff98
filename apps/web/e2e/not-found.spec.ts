import { acceptCookies } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

test('an unknown path shows Page Not Found', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page Not Found/);
});
