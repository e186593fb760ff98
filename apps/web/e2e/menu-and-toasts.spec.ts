import type { Page } from '@playwright/test';
import { acceptCookies, demo, signIn } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

// Issue 27, the shell's motion: the small-screen menu slides in over 300 ms from the very first tap (also when
// its code arrives after the tap), and toasts show top-right for 5 seconds.

/** Every transition the page starts, with the duration it runs for, kept for the journey to read. */
function recordTransitions(): void {
  const runs: { property: string; duration: string; drawer: boolean }[] = [];
  (window as unknown as { transitionRuns: typeof runs }).transitionRuns = runs;
  document.addEventListener(
    'transitionrun',
    (event) => {
      const target = event.target as Element;
      runs.push({
        property: event.propertyName,
        duration: getComputedStyle(target).transitionDuration,
        drawer: target.classList.contains('mantine-Drawer-content'),
      });
    },
    true,
  );
}

const drawerSlides = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as { transitionRuns: { property: string; duration: string; drawer: boolean }[] }
    ).transitionRuns.filter((run) => run.drawer && run.property === 'transform'),
  );

test('the menu slides in over 300 ms at the first tap, even when its code arrives after the tap', async ({
  page,
}) => {
  await acceptCookies(page);
  await page.addInitScript(recordTransitions);
  // The menu's code is held back until the burger has been pressed: a phone on a slow network.
  let release: () => void = () => undefined;
  const tapped = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/mobile-menu-[\w-]+\.js$/, async (route) => {
    await tapped;
    await route.continue();
  });
  await page.goto('/');
  const burger = page.getByRole('button', { name: 'Open menu' });
  await burger.click();
  release();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Programs' })).toBeVisible();
  await expect
    .poll(() => drawerSlides(page))
    .toEqual([{ property: 'transform', duration: '0.3s', drawer: true }]);

  // The next opening slides the same way.
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await burger.click();
  await expect(menu.getByRole('link', { name: 'Programs' })).toBeVisible();
  await expect.poll(async () => (await drawerSlides(page)).length).toBeGreaterThanOrEqual(3);
  expect((await drawerSlides(page)).every((run) => run.duration === '0.3s')).toBe(true);
});

test('a toast shows at the top right and closes after 5 seconds', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, demo.advisee);
  // The page's clock is ours: the 5 seconds pass when the journey says so, not by waiting.
  await page.clock.install();
  await page.goto('/invite');
  const copy = page.getByRole('button', { name: 'Copy link' });
  await expect(copy).toBeVisible();
  await page.clock.pauseAt(Date.now() + 60_000);
  await copy.click();
  const toast = page.getByRole('alert').filter({ hasText: 'Link copied' });
  // The toasts' code loads with the first toast, and React shows it on a timer: the clock steps 50 ms at a time
  // until it is there, so at most 50 ms of its 5 seconds have passed.
  await expect
    .poll(async () => {
      await page.clock.runFor(50);
      return toast.count();
    })
    .toBe(1);
  await page.clock.runFor(4_400);
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  // Its right edge by the window's right edge, at the top of the window.
  expect(width - (box!.x + box!.width)).toBeLessThan(32);
  expect(box!.y).toBeLessThan(40);
  await page.clock.runFor(1_000);
  await expect(toast).toHaveCount(0);
});
