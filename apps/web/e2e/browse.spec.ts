import { acceptCookies } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('a visitor browses from home to a program, its mentor and their profile', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Home/);
  await expect(page.getByRole('link', { name: /Career Growth/ }).first()).toBeVisible();

  await page.goto('/topics');
  await page
    .getByRole('link', { name: /Personal Finance/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/topics\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Personal Finance', level: 1 })).toBeVisible();
  // Useful tips, the price line and the program's mentors.
  await expect(page.getByText(/KES 2,900/)).toBeVisible();
  const askMentor = page.getByRole('link', { name: /ASK MENTOR/i }).first();
  await expect(askMentor).toBeVisible();
  await askMentor.click();

  await expect(page).toHaveURL(/\/advisors\/\d+$/);
  await expect(page.getByRole('link', { name: 'Book mentor' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Programs' })).toBeVisible();
});

test('the static pages say what the product is', async ({ page }) => {
  await page.goto('/what_you_get');
  await expect(page.getByText(/1 hour virtual transformative conversation/i)).toBeVisible();
  await page.getByRole('link', { name: 'VIEW PROGRAMS' }).click();
  await expect(page).toHaveURL(/\/topics$/);

  await page.goto('/testimonials');
  await expect(page.locator('video').first()).toBeVisible();
  expect(await page.locator('video[autoplay]').count()).toBe(0);

  await page.goto('/about');
  await expect(page.locator('#vision')).toBeVisible();
});

test('a missing program and a missing mentor say An Error Occurred', async ({ page }) => {
  await page.goto('/topics/999999');
  await expect(page.getByText('An Error Occurred')).toBeVisible();
  await page.goto('/advisors/999999');
  await expect(page.getByText('An Error Occurred')).toBeVisible();
});

test('a program’s address shared on WhatsApp previews its name, line and picture, and still opens the program', async ({
  page,
}) => {
  const live = await page.request.get('/myprosper/api/getLiveTopics');
  const [topic] = ((await live.json()) as { data: Array<{ id: number; name: string; tagLine: string }> })
    .data;
  // WhatsApp's fetcher asks for anything, as a crawler does: the page's HTML, its preview in the head.
  const shared = await page.request.get(`/topics/${topic!.id}`, {
    headers: { accept: '*/*', 'user-agent': 'WhatsApp/2.24.1 A' },
  });
  expect(shared.status()).toBe(200);
  const html = await shared.text();
  expect(html).toContain(`<meta property="og:title" content="${topic!.name} · MyProsper" />`);
  expect(html).toContain(`<meta property="og:description" content="${topic!.tagLine}" />`);
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/[^"]+" \/>/);

  await page.goto(`/topics/${topic!.id}`);
  await expect(page.getByRole('heading', { name: topic!.name, level: 1 })).toBeVisible();
});
