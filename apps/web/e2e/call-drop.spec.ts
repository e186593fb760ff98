import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callDataMessages } from '@myprosper/contract/call-data';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { acceptCookies } from './support/api.ts';
import {
  enter,
  expectSeesAndHears,
  mentorStartsCall,
  openSessionIn,
  paidSession,
  remoteTile,
  type SeeAndHearWaits,
} from './support/call-checks.ts';
import { chromiumFlags } from './support/chromium-flags.ts';
import { type CuttableProxy, startCuttableProxy } from './support/cuttable-proxy.ts';
import { expect, test } from './support/fixtures.ts';
import { type OwnServer, serverPort, startOwnServer } from './support/servers.ts';
import { startTurnServer, type TurnServer } from './support/turn-server.ts';

/**
 * Issue 22: a phone that loses its network for 30 seconds in the middle of a call comes back into it, and
 * nobody has to leave. The mentee's phone is a browser of its own whose every connection goes through a proxy
 * the journey can cut: its pages and signaling, and its call's media too (Chromium's WebRTC preference
 * `webrtc.ip_handling_policy: disable_non_proxied_udp`, set in the phone's profile: media only through TURN over
 * TCP, through the proxy, to a local coturn). Cutting the proxy and taking the context offline is the drop
 * (Chromium's offline emulation alone never touches WebRTC).
 */

const secret = randomBytes(24).toString('hex');
const dropPort = serverPort(0) + 52;
const dropMs = 30_000;
/** After the drop: a fresh signaling socket (its backoff reaches 10 s), an ICE restart, new relay candidates. */
const backWaits: SeeAndHearWaits = { firstMs: 60_000, steadyMs: 30_000 };

function reconnecting(page: Page, name: string) {
  return remoteTile(page, name).getByText(callDataMessages.reconnecting);
}

test.describe('a phone that loses its network in a call', () => {
  let turn: TurnServer;
  let server: OwnServer;
  let proxy: CuttableProxy;
  let phone: BrowserContext;
  let profile: string;
  test.use({ baseURL: `http://localhost:${dropPort}` });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    turn = await startTurnServer(secret);
    server = await startOwnServer(dropPort, {
      CALL_TURN_URLS: `turn:127.0.0.1:${turn.port}?transport=tcp`,
      CALL_TURN_SECRET: secret,
    });
    proxy = await startCuttableProxy();
    // A profile whose WebRTC uses the proxy or nothing; Playwright sends loopback through the proxy too.
    profile = mkdtempSync(join(tmpdir(), 'myprosper-phone-'));
    mkdirSync(join(profile, 'Default'));
    writeFileSync(
      join(profile, 'Default', 'Preferences'),
      JSON.stringify({ webrtc: { ip_handling_policy: 'disable_non_proxied_udp' } }),
    );
    phone = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH || undefined,
      args: chromiumFlags,
      proxy: { server: proxy.url },
      baseURL: server.url,
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      serviceWorkers: 'block',
    });
  });

  test.afterAll(async () => {
    await phone?.close();
    await proxy?.stop();
    await server?.stop();
    turn?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  test('for 30 seconds: tiles say Reconnecting…, nobody leaves, and both see and hear each other again', async ({
    otherBrowser,
    page,
  }) => {
    test.setTimeout(300_000);
    const { mentor, mentee, sessionId } = await paidSession(page.request, 'Chebet Dropout');

    const mentorPage = await mentorStartsCall(otherBrowser, sessionId);

    const menteePage = phone.pages()[0] ?? (await phone.newPage());
    await acceptCookies(menteePage);
    await openSessionIn(menteePage, mentee.email, sessionId);
    await menteePage.getByRole('link', { name: 'Join session' }).click();
    await enter(menteePage);
    await expectSeesAndHears(mentorPage, mentee.name, backWaits);
    await expectSeesAndHears(menteePage, mentor.name, backWaits);

    // The phone's signal goes: nothing in or out, pages, signaling and media alike.
    proxy.cut();
    await phone.setOffline(true);
    const droppedAt = Date.now();
    await expect(reconnecting(mentorPage, mentee.name)).toBeVisible({ timeout: 25_000 });
    await expect(reconnecting(menteePage, mentor.name)).toBeVisible({ timeout: 25_000 });
    await mentorPage.screenshot({ path: test.info().outputPath('drop-mentor-360x740.png') });
    await menteePage.screenshot({ path: test.info().outputPath('drop-mentee-360x740.png') });
    // All through the drop, each keeps the other's tile: nobody has left.
    while (Date.now() - droppedAt < dropMs) {
      await expect(remoteTile(mentorPage, mentee.name)).toHaveCount(1);
      await expect(remoteTile(menteePage, mentor.name)).toHaveCount(1);
      await mentorPage.waitForTimeout(2_000);
    }

    // The signal comes back: the call picks up where it was, on the same pages.
    proxy.restore();
    await phone.setOffline(false);
    await expectSeesAndHears(mentorPage, mentee.name, backWaits);
    await expectSeesAndHears(menteePage, mentor.name, backWaits);
    await expect(reconnecting(mentorPage, mentee.name)).toHaveCount(0);
    await expect(reconnecting(menteePage, mentor.name)).toHaveCount(0);
    await expect(menteePage).toHaveURL(new RegExp(`/sessions/call/${sessionId}$`));
    await expect(mentorPage).toHaveURL(new RegExp(`/sessions/call/${sessionId}$`));
  });
});
