import { randomBytes } from 'node:crypto';
import { turnCredential } from '../../api/src/features/calls/ice-servers.ts';
import { expect, test } from './support/fixtures.ts';
import { startTurnServer, type TurnServer } from './support/turn-server.ts';

// A local coturn configured as docs/calls.md says (use-auth-secret), and two browser peers allowed to use
// relay candidates only: the credentials the API issues open an allocation, and media paths go through it.

const secret = randomBytes(24).toString('hex');
let turn: TurnServer;
let port: number;

test.beforeAll(async () => {
  turn = await startTurnServer(secret);
  port = turn.port;
});

test.afterAll(() => {
  turn?.stop();
});

/** Two relay-only peers in one page; what each saw. */
async function connectThroughRelay(
  page: import('@playwright/test').Page,
  iceServer: { urls: string; username: string; credential: string },
) {
  return page.evaluate(async (server) => {
    const config: RTCConfiguration = { iceServers: [server], iceTransportPolicy: 'relay' };
    const a = new RTCPeerConnection(config);
    const b = new RTCPeerConnection(config);
    const gathered: string[] = [];
    a.onicecandidate = (event) => {
      if (event.candidate) {
        gathered.push(event.candidate.type ?? '');
        void b.addIceCandidate(event.candidate);
      }
    };
    b.onicecandidate = (event) => {
      if (event.candidate) void a.addIceCandidate(event.candidate);
    };
    const received = new Promise<string>((resolve) => {
      b.ondatachannel = (event) => {
        event.channel.onmessage = (message) => resolve(String(message.data));
      };
    });
    const channel = a.createDataChannel('chat');
    const opened = new Promise<void>((resolve) => {
      channel.onopen = () => resolve();
    });
    await a.setLocalDescription(await a.createOffer());
    await b.setRemoteDescription(a.localDescription!);
    await b.setLocalDescription(await b.createAnswer());
    await a.setRemoteDescription(b.localDescription!);
    const outcome = await Promise.race([
      opened.then(() => 'open'),
      new Promise<string>((resolve) => setTimeout(() => resolve('no connection'), 10_000)),
    ]);
    let message = '';
    let pathType = '';
    if (outcome === 'open') {
      channel.send('Habari kutoka relay');
      message = await received;
      // The transport's selected pair is the path in use; its stats may lag the first message a moment, so
      // ask until a pair is selected (or 5 s have passed).
      for (let attempt = 0; attempt < 50 && pathType === ''; attempt++) {
        const stats = await a.getStats();
        stats.forEach((report) => {
          if (report.type !== 'transport' || !report.selectedCandidatePairId) return;
          const pair = stats.get(report.selectedCandidatePairId);
          pathType = stats.get(pair?.localCandidateId)?.candidateType ?? '';
        });
        if (pathType === '') await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    a.close();
    b.close();
    return { outcome, gathered, message, pathType };
  }, iceServer);
}

test('two peers allowed relay candidates only connect through coturn with the issued credentials', async ({
  page,
}) => {
  await page.goto('/');
  const { username, credential } = turnCredential(secret, 42, new Date(Date.now() + 60 * 60_000));
  const result = await connectThroughRelay(page, {
    urls: `turn:127.0.0.1:${port}?transport=udp`,
    username,
    credential,
  });
  expect(result.gathered).toContain('relay');
  expect(result.outcome).toBe('open');
  expect(result.message).toBe('Habari kutoka relay');
  expect(result.pathType).toBe('relay');
});

test('credentials past their expiry, or signed with another secret, get no relay', async ({ page }) => {
  await page.goto('/');
  const expired = turnCredential(secret, 42, new Date(Date.now() - 60_000));
  const forged = turnCredential('another-secret', 42, new Date(Date.now() + 60 * 60_000));
  for (const bad of [expired, forged]) {
    const result = await connectThroughRelay(page, {
      urls: `turn:127.0.0.1:${port}?transport=udp`,
      ...bad,
    });
    expect(result.gathered).not.toContain('relay');
    expect(result.outcome).toBe('no connection');
  }
});
