import { formatDateChip } from '@myprosper/contract/dates';
import type { Page } from '@playwright/test';
import { acceptCookies, demo, demoMentorId, registerAdvisee, signIn } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

// Issue 27, accessibility: the focus goes back to what opened a dialog, moves to a booking step's heading, is
// always seen (a program card's outline; never under the cookie banner), and mentor cards hold at 200 % text.

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/a11y-${name}-${page.viewportSize()?.width}.png`, fullPage: false });

test('closing the search dialog gives the focus back to the search button', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/topics');
  const search = page.getByRole('banner').getByRole('button', { name: 'Search' });
  await search.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Search programs' });
  await expect(dialog.getByRole('searchbox', { name: 'Search programs' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(search).toBeFocused();

  // Again: the dialog's code is loaded now, and it is opened a second time.
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('searchbox', { name: 'Search programs' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(search).toBeFocused();
});

test("closing an admin's dialog gives the focus back to the button that opened it", async ({ page }) => {
  await signIn(page, demo.admin);
  await page.goto('/admin/programs');
  const opener = page.getByRole('button', { name: 'New program' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const editor = page.getByRole('dialog', { name: 'New program' });
  await expect(editor).toBeVisible();
  await expect(opener).not.toBeFocused();
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toHaveCount(0);
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(editor).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("each booking step takes the focus to the step's heading", async ({ page }) => {
  const mentorId = await demoMentorId(page.request);
  const advisee = await registerAdvisee(page.request, 'Focus Booker');
  await signIn(page, advisee.email);
  await page.goto(`/advisors/book/${mentorId}`);
  const card = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Career Growth', level: 3 }) });
  const date = card.getByRole('radiogroup', { name: 'Date' }).getByRole('radio').first();
  await card.getByText(formatDateChip((await date.getAttribute('value')) ?? ''), { exact: true }).click();
  await card.getByRole('button', { name: 'Book this session' }).click();

  const flow = page.getByRole('dialog', { name: 'Book this session' });
  await expect(flow.getByRole('heading', { name: 'Step 1 of 2: Session type' })).toBeVisible();
  await flow.getByRole('button', { name: /Individual session/ }).click();
  await expect(flow.getByRole('heading', { name: 'Step 2 of 2: Statement' })).toBeFocused();
  await screenshot(page, 'booking-statement');

  await flow.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(flow.getByRole('heading', { name: 'Step 1 of 2: Session type' })).toBeFocused();
  await flow.getByRole('button', { name: /Group session/ }).click();
  await expect(flow.getByRole('heading', { name: 'Step 2 of 3: Attendees' })).toBeFocused();
});

test('a program card shows a focus outline when the keyboard reaches it', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/topics');
  const card = page.getByRole('link', { name: /Career Growth/ }).first();
  await expect(card).toBeVisible();
  await card.focus();
  // As a keyboard user reaches it (focus-visible): Tab away and back.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(card).toBeFocused();
  const outline = await card.evaluate((element) => getComputedStyle(element));
  expect(outline.outlineStyle).toBe('solid');
  expect(Number.parseFloat(outline.outlineWidth)).toBeGreaterThanOrEqual(2);
  await screenshot(page, 'program-card-focus');
});

test('the cookie banner never covers the control that has the focus, and sits below an open dialog', async ({
  page,
}) => {
  const banner = page.getByRole('region', { name: 'Cookies' });
  // Every control, reached by Tab, is above the banner once it has the focus: on Home, and on the sign-up
  // form, whose footer links are in the window already (under the banner) when the focus comes to them.
  for (const path of ['/signup', '/']) {
    await page.goto(path);
    await expect(banner).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const bannerTop = (await banner.boundingBox())!.y;
    for (let step = 0; step < 60; step += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement;
        if (!element || element === document.body) return null;
        const box = element.getBoundingClientRect();
        return {
          inBanner: Boolean(element.closest('section[aria-labelledby]')?.textContent?.startsWith('Cookies')),
          bottom: box.bottom,
          height: box.height,
          label: element.textContent?.trim().slice(0, 40) ?? element.tagName,
        };
      });
      if (!focused || focused.inBanner || focused.height === 0) continue;
      expect(focused.bottom, `${path}: '${focused.label}' is above the cookie banner`).toBeLessThanOrEqual(
        bannerTop,
      );
    }
  }

  // An open dialog lies over the banner: its buttons are the ones under the pointer.
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search programs' });
  await expect(dialog).toBeVisible();
  const accept = banner.getByRole('button', { name: 'Accept' });
  const box = (await accept.boundingBox())!;
  const onTop = await page.evaluate(
    ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('.mantine-Modal-root')),
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(onTop).toBe(true);
  await screenshot(page, 'cookie-banner-under-dialog');
});

test('mentor cards hold at 200 % text size: nothing is cut off or spills out', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/advisors');
  const cards = page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(cards.first()).toBeVisible();
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '200%';
  });
  const overflowing = await cards.evaluateAll((elements) =>
    elements.flatMap((card) => {
      const box = card.getBoundingClientRect();
      return [...card.querySelectorAll<HTMLElement>('h2, p, span, a')]
        .filter((child) => {
          const inner = child.getBoundingClientRect();
          const isClipped =
            child.scrollWidth > child.clientWidth + 1 && getComputedStyle(child).overflow !== 'visible';
          return inner.right > box.right + 1 || inner.left < box.left - 1 || isClipped;
        })
        .map(
          (child) =>
            `${child.tagName}.${child.className} '${child.textContent?.trim()}' ${child.scrollWidth}/${child.clientWidth}`,
        );
    }),
  );
  await cards.first().scrollIntoViewIfNeeded();
  await screenshot(page, 'mentor-cards-200');
  expect(overflowing).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
});

test('a refused log-in is said in the form, beside its fields, and read aloud', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/login');
  await page.getByLabel('Username').fill(demo.advisee);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Login' }) });
  await expect(form.getByRole('alert')).toHaveText('Incorrect username or password');
});

test('a long e-mail wraps inside the profile at 360 px, and testimonial videos show posters', async ({
  page,
}) => {
  const unique = `${Date.now()}`.slice(-8);
  const advisee = await registerAdvisee(page.request, 'Wrap Journey', {
    email: `a.very.long.name.of.someone.${unique}@an-organisation-with-a-long-domain.example.com`,
  });
  await signIn(page, advisee.email);
  await page.goto('/profile');
  await expect(page.getByText(advisee.email)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await screenshot(page, 'profile-long-email');

  await page.goto('/testimonials');
  const video = page.locator('video').first();
  await expect(video).toHaveAttribute('poster', /^\/media\/intro-\d\.jpg$/);
  const poster = await page.request.get((await video.getAttribute('poster'))!);
  expect(poster.headers()['content-type']).toBe('image/jpeg');
  await video.scrollIntoViewIfNeeded();
  await screenshot(page, 'testimonial-posters');
});
