import { adaptationMessages, callDataMessages } from '@myprosper/contract/call-data';
import type { APIRequestContext, Page } from '@playwright/test';
import { type JanusServer, startJanus } from '../../api/test/janus.ts';
import {
  bookFirstFree,
  bookingMentor,
  lastMessageId,
  latestMessageTo,
  payByMpesa,
  registerAdvisee,
} from './support/api.ts';
import {
  allStats,
  enter,
  expectSeesAndHears,
  mentorStartsCall,
  openSession,
  remoteTile,
  type SeeAndHearWaits,
  statsOf,
  throttle,
} from './support/call-checks.ts';
import { expect, type OtherBrowser, test } from './support/fixtures.ts';
import { type OwnServer, serverPort, startOwnServer } from './support/servers.ts';

/** Four pages encoding and decoding on two cores: the first frames may take a while. */
const groupWaits: SeeAndHearWaits = { firstMs: 60_000, steadyMs: 30_000 };

/**
 * Group calls through Janus's VideoRoom (docs/calls.md): a server of this file's own, started as `npm start`
 * starts it plus the JANUS_* settings of a Janus this file starts (Debian's, a generated config; it offers
 * the machine's own non-loopback address, since Janus gathers no candidates on loopback). Four people, each a
 * browser context with Chromium's fake camera and microphone: every page decodes every other's video and
 * receives their audio through the SFU. Then the same call when browsers cannot reach Janus: the mesh.
 */

/** A group session of the demo mentor with three mentees who paid (the host) and accepted and paid (two guests). */
async function groupOfFour(request: APIRequestContext) {
  const mentor = await bookingMentor(request);
  const host = await registerAdvisee(request, 'Wanjiru Host');
  const guests = [
    await registerAdvisee(request, 'Otieno Guest'),
    await registerAdvisee(request, 'Njeri Guest'),
  ];
  const sessionId = await bookFirstFree(request, host.auth, mentor.slots, {
    ...mentor,
    otherAttendees: guests.map((g) => g.phone),
  });
  const numbers = guests.map((g) => `254${g.phone.slice(1)}`);
  const seen = await Promise.all(numbers.map((n) => lastMessageId(request, n)));
  await payByMpesa(request, host, sessionId);
  for (const [i, guest] of guests.entries()) {
    await latestMessageTo(request, numbers[i]!, { after: seen[i]!, timeoutMs: 60_000 });
    const accepted = await request.post('/myprosper/api/acceptInvitation', {
      headers: guest.auth,
      data: { sessionId, adviseeId: guest.userId },
    });
    expect(accepted.ok(), await accepted.text()).toBe(true);
    await payByMpesa(request, guest, sessionId);
  }
  return { mentor, host, guests, sessionId };
}

/** Everyone enters the call: the mentor starts it, the mentees join. */
async function everyoneEnters(
  otherBrowser: () => Promise<OtherBrowser>,
  group: Awaited<ReturnType<typeof groupOfFour>>,
) {
  const pages: Array<{ page: Page; name: string }> = [];
  const mentorPage = await mentorStartsCall(otherBrowser, group.sessionId);
  pages.push({ page: mentorPage, name: group.mentor.name });
  for (const mentee of [group.host, ...group.guests]) {
    const page = await openSession(otherBrowser, mentee.email, group.sessionId);
    await page.getByRole('link', { name: 'Join session' }).click();
    await enter(page);
    pages.push({ page, name: mentee.name });
  }
  return pages;
}

const sfuPort = serverPort(0) + 50;
const meshPort = serverPort(0) + 51;

test.describe('a group call through Janus', () => {
  let janus: JanusServer;
  let server: OwnServer;
  test.use({ baseURL: `http://localhost:${sfuPort}` });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    janus = await startJanus();
    server = await startOwnServer(sfuPort, {
      JANUS_URL: janus.url,
      JANUS_ADMIN_URL: janus.adminUrl,
      JANUS_ADMIN_SECRET: janus.adminSecret,
      JANUS_ROOM_ADMIN_KEY: janus.adminKey,
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await janus?.stop();
  });

  test('four people: every page decodes every other’s video and hears them, all through the SFU', async ({
    otherBrowser,
    page,
  }) => {
    test.setTimeout(300_000);
    const group = await groupOfFour(page.request);
    const pages = await everyoneEnters(otherBrowser, group);
    for (const { page: each, name: own } of pages) {
      for (const { name } of pages.filter((p) => p.name !== own))
        await expectSeesAndHears(each, name, groupWaits);
    }
    for (const { page: each } of pages) {
      const stats = await allStats(each);
      expect(stats.map((s) => s.via)).toEqual(['sfu', 'sfu', 'sfu']);
      // One upload, in simulcast layers, whatever the room's size.
      const layers = (await each.evaluate(
        () => window.__myprosperCall?.layers() ?? Promise.resolve([]),
      )) as Array<{
        rid: string;
        bytesSent: number;
      }>;
      expect(layers.map((l) => l.rid).sort()).toEqual(['h', 'l', 'm']);
      expect(layers.some((l) => l.bytesSent > 0)).toBe(true);
    }
    await pages[0]!.page.screenshot({ path: test.info().outputPath('sfu-call-360x740.png') });

    // A phone's small tiles ask Janus for a small layer (160 x 90 or less); a wide screen's large tiles for the
    // largest, 320 x 180 (sfuLayers).
    const viewer = pages[1]!.page;
    const sender = pages[0]!.name;
    const widthSeen = async () => (await statsOf(viewer, sender))?.frameWidth ?? 0;
    await expect.poll(widthSeen, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(widthSeen, { timeout: 30_000 }).toBeLessThanOrEqual(160);
    await viewer.setViewportSize({ width: 1366, height: 768 });
    await expect.poll(widthSeen, { timeout: 30_000 }).toBeGreaterThan(160);
    await viewer.setViewportSize({ width: 360, height: 740 });

    // One leaves: the others lose their tile, and keep the rest.
    await pages[3]!.page.getByRole('button', { name: 'Leave' }).click();
    for (const { page: each } of pages.slice(0, 3)) {
      await expect(remoteTile(each, pages[3]!.name)).toHaveCount(0);
    }
    await expectSeesAndHears(pages[1]!.page, pages[0]!.name, groupWaits);
  });

  test('a member on a weak network: their upload steps down to the small layer, then to audio only', async ({
    otherBrowser,
    page,
  }) => {
    test.setTimeout(240_000);
    const group = await groupOfFour(page.request);
    const mentorPage = await mentorStartsCall(otherBrowser, group.sessionId);
    const weakPage = await openSession(otherBrowser, group.host.email, group.sessionId);
    // Full quality chosen on this device before: the slow link does not turn the data saver on by itself.
    await weakPage.evaluate(() => localStorage.setItem('dataSaver', 'off'));
    await throttle(weakPage, { latencyMs: 700, bytesPerSecond: 250_000 });
    await weakPage.getByRole('link', { name: 'Join session' }).click();
    await enter(weakPage);
    await expect(weakPage.getByRole('switch', { name: callDataMessages.dataSaver })).not.toBeChecked({
      timeout: 60_000,
    });
    await expectSeesAndHears(mentorPage, group.host.name, groupWaits);
    expect((await allStats(mentorPage)).map((s) => s.via)).toEqual(['sfu']);

    // About 10 s of long round trips: only the small layer goes up, and the page says so.
    await expect(weakPage.getByText(adaptationMessages.low)).toBeVisible({ timeout: 40_000 });
    const layersSent = async () =>
      (await weakPage.evaluate(() => window.__myprosperCall?.layers() ?? Promise.resolve([]))) as Array<{
        rid: string;
        bytesSent: number;
      }>;
    const sentSince = async (before: Array<{ rid: string; bytesSent: number }>) =>
      (await layersSent())
        .filter((layer) => layer.bytesSent > (before.find((b) => b.rid === layer.rid)?.bytesSent ?? 0))
        .map((layer) => layer.rid);
    const atLow = await layersSent();
    await expect.poll(() => sentSince(atLow), { timeout: 15_000 }).toEqual(['l']);
    await expect
      .poll(async () => (await statsOf(mentorPage, group.host.name))?.frameWidth ?? 0, { timeout: 30_000 })
      .toBeLessThanOrEqual(320);

    // Another 10 s: audio only. The mentor's picture of them stops; their voice goes on.
    await expect(weakPage.getByText(adaptationMessages.audio)).toBeVisible({ timeout: 40_000 });
    const atAudio = await layersSent();
    await expect.poll(() => sentSince(atAudio), { intervals: [3_000], timeout: 15_000 }).toEqual([]);
    const heard = (await statsOf(mentorPage, group.host.name))?.audioPacketsReceived ?? 0;
    await expect
      .poll(async () => (await statsOf(mentorPage, group.host.name))?.audioPacketsReceived ?? 0, {
        timeout: 15_000,
      })
      .toBeGreaterThan(heard + 50);
    await weakPage.screenshot({ path: test.info().outputPath('sfu-weak-network-360x740.png') });
  });
});

test.describe('a group call when browsers cannot reach Janus', () => {
  let janus: JanusServer;
  let server: OwnServer;
  test.use({ baseURL: `http://localhost:${meshPort}` });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    janus = await startJanus();
    // The API reaches Janus's Admin API and gives tokens, but the address it gives browsers answers nothing.
    server = await startOwnServer(meshPort, {
      JANUS_URL: 'ws://127.0.0.1:9',
      JANUS_ADMIN_URL: janus.adminUrl,
      JANUS_ADMIN_SECRET: janus.adminSecret,
      JANUS_ROOM_ADMIN_KEY: janus.adminKey,
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await janus?.stop();
  });

  test('falls back to the mesh: everyone still sees and hears everyone', async ({ otherBrowser, page }) => {
    test.setTimeout(300_000);
    const group = await groupOfFour(page.request);
    // Three of the four come (a mesh of three is what this 2-core machine carries next to the other journeys).
    const pages = await everyoneEnters(otherBrowser, { ...group, guests: group.guests.slice(0, 1) });
    for (const { page: each, name: own } of pages) {
      for (const { name } of pages.filter((p) => p.name !== own))
        await expectSeesAndHears(each, name, groupWaits);
    }
    for (const { page: each } of pages) {
      const stats = (await allStats(each)).filter((s) => s.connectionState === 'connected');
      expect(stats.every((s) => s.via === 'mesh')).toBe(true);
    }
  });
});
