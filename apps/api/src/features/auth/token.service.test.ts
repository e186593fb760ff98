import { describe, expect, it } from 'vitest';
import { TokenService } from './token.service.ts';

const secret = 'a-test-signing-secret-of-thirty-two-chars';

/** A clock a test moves by hand. */
function clockAt(iso: string) {
  let now = new Date(iso).getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('TokenService: a token checked once is remembered', () => {
  it('answers the same claims for a token each time it is shown', async () => {
    const tokens = new TokenService(secret, 15);
    const token = await tokens.sign({ userId: 7, role: 'ADVISEE', version: 2 });
    const first = await tokens.verify(token);
    const again = await tokens.verify(token);
    expect(first).toEqual({ ok: true, claims: { userId: 7, role: 'ADVISEE', version: 2 } });
    expect(again).toEqual(first);
  });

  it('refuses a remembered token as expired once its lifetime is over, to the second', async () => {
    const clock = clockAt('2026-11-25T10:00:00Z');
    const tokens = new TokenService(secret, 15, clock.now);
    const token = await tokens.sign({ userId: 7, role: 'ADVISEE', version: 0 });
    expect((await tokens.verify(token)).ok).toBe(true);
    clock.advance(15 * 60_000 - 1000);
    expect((await tokens.verify(token)).ok).toBe(true);
    clock.advance(1000);
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('still refuses a changed copy of a remembered token', async () => {
    const tokens = new TokenService(secret, 15);
    const token = await tokens.sign({ userId: 7, role: 'ADVISEE', version: 0 });
    await tokens.verify(token);
    const [header, payload, signature = ''] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'ADMIN' }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.verify(`${token}x`)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('does not take a token signed with another key for one it remembers', async () => {
    const ours = new TokenService(secret, 15);
    const theirs = new TokenService('another-signing-secret-of-32-chars!!', 15);
    const token = await ours.sign({ userId: 7, role: 'ADVISEE', version: 0 });
    expect((await ours.verify(token)).ok).toBe(true);
    expect(await theirs.verify(token)).toEqual({ ok: false, reason: 'invalid' });
  });
});
