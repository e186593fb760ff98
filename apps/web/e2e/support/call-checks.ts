import type { APIRequestContext, Page } from '@playwright/test';
import { bookFirstFree, bookingMentor, demo, payByMpesa, registerAdvisee, signIn } from './api.ts';
import { expect, type OtherBrowser } from './fixtures.ts';

/**
 * What the call journeys (calls.spec.ts, calls-sfu.spec.ts, call-drop.spec.ts) look at: a person's own page on
 * the session, the call's tiles, and what each page receives from the others (getStats, through the page's
 * `window.__myprosperCall`).
 */

/**
 * A signed-in page of its own (a browser context: own storage) on the session's page. The journey's
 * otherBrowser closes it after the journey, pass or fail: a page left in its call would send and decode video
 * for the rest of the run, in the browser every later journey of the worker shares. The call's own warnings
 * (an SFU that failed, a step that did not work) go to the journey's output.
 */
export async function openSession(
  otherBrowser: () => Promise<OtherBrowser>,
  email: string,
  sessionId: number,
): Promise<Page> {
  const { page } = await otherBrowser();
  await openSessionIn(page, email, sessionId);
  return page;
}

/** The session's page, signed in as `email`, in a page opened elsewhere (another browser). */
export async function openSessionIn(page: Page, email: string, sessionId: number): Promise<void> {
  page.on('console', (message) => {
    if (message.text().startsWith('call:')) console.warn(`[${email}] ${message.text()}`);
  });
  await signIn(page, email);
  await page.goto(`/sessions/${sessionId}`);
}

/** A session of the demo mentor booked and paid by M-PESA by a new mentee of this name. */
export async function paidSession(request: APIRequestContext, menteeName: string) {
  const mentor = await bookingMentor(request);
  const mentee = await registerAdvisee(request, menteeName);
  const sessionId = await bookFirstFree(request, mentee.auth, mentor.slots, mentor);
  await payByMpesa(request, mentee, sessionId);
  return { mentor, mentee, sessionId };
}

/** The demo mentor opens the session's page on a browser of their own and starts its call. */
export async function mentorStartsCall(
  otherBrowser: () => Promise<OtherBrowser>,
  sessionId: number,
): Promise<Page> {
  const page = await openSession(otherBrowser, demo.mentor, sessionId);
  await page.getByRole('link', { name: 'Start session' }).click();
  await enter(page);
  return page;
}

/** Past the check before joining: Join now (or, for the mentor, Start the session). */
export async function enter(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Join now|Start the session)$/ }).click({ timeout: 60_000 });
}

export function remoteTile(page: Page, name: string) {
  return page.locator(`[data-testid="call-tile"][data-local="false"][data-participant-name="${name}"]`);
}

export interface RemoteStats {
  participantId: string;
  name: string;
  via: 'mesh' | 'sfu';
  connectionState: string;
  framesDecoded: number;
  frameWidth: number;
  audioPacketsReceived: number;
}

/** What this page receives from everyone, one entry per connection. */
export async function allStats(page: Page): Promise<RemoteStats[]> {
  return (await page.evaluate(() => window.__myprosperCall?.stats() ?? Promise.resolve([]))) as RemoteStats[];
}

/** What this page receives from the named person (their newest connection, once connected). */
export async function statsOf(
  page: Page,
  name: string,
  participantId?: string,
): Promise<RemoteStats | undefined> {
  return (await allStats(page))
    .filter((s) => s.name === name && s.connectionState === 'connected')
    .filter((s) => participantId === undefined || s.participantId === participantId)
    .at(-1);
}

/** How long to wait for the first frame, and then for frames and sound to keep coming. */
export interface SeeAndHearWaits {
  firstMs: number;
  steadyMs: number;
}

/**
 * The named person's video plays on this page (it has a size and frames keep being decoded) and their audio
 * arrives, on one connection.
 */
export async function expectSeesAndHears(
  page: Page,
  name: string,
  waits: SeeAndHearWaits = { firstMs: 30_000, steadyMs: 15_000 },
): Promise<void> {
  const tile = remoteTile(page, name);
  await expect(tile).toBeVisible({ timeout: waits.firstMs });
  await expect
    .poll(() => tile.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth), {
      timeout: waits.firstMs,
    })
    .toBeGreaterThan(0);
  let sampled: RemoteStats | undefined;
  await expect
    .poll(
      async () => {
        sampled = await statsOf(page, name);
        return sampled?.framesDecoded ?? 0;
      },
      { timeout: waits.firstMs },
    )
    .toBeGreaterThan(0);
  const first = sampled!;
  await expect
    .poll(async () => (await statsOf(page, name, first.participantId))?.framesDecoded ?? 0, {
      timeout: waits.steadyMs,
    })
    .toBeGreaterThan(first.framesDecoded + 10);
  await expect
    .poll(async () => (await statsOf(page, name, first.participantId))?.audioPacketsReceived ?? 0, {
      timeout: waits.steadyMs,
    })
    .toBeGreaterThan(first.audioPacketsReceived + 10);
}

/**
 * Slows this page's network through the DevTools protocol, calls included (Chromium applies it to WebRTC too):
 * added latency each way and a bandwidth each way; null: the network as it is.
 */
export async function throttle(
  page: Page,
  link: { latencyMs: number; bytesPerSecond: number } | null,
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send(
    'Network.emulateNetworkConditions',
    link
      ? {
          offline: false,
          latency: link.latencyMs,
          downloadThroughput: link.bytesPerSecond,
          uploadThroughput: link.bytesPerSecond,
          connectionType: 'cellular3g',
        }
      : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 },
  );
}
