import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { iceConfigProblem, iceServersFor, turnCredential } from './ice-servers.ts';

describe('ICE servers', () => {
  it('are none when nothing is configured (calls then work on a local network)', () => {
    expect(iceServersFor({}, 1, new Date())).toEqual([]);
  });

  it('give coturn time-limited credentials: expiry:user and base64 HMAC-SHA1 of it', () => {
    const until = new Date('2026-03-02T07:10:00Z');
    const { username, credential } = turnCredential('s3cret-s3cret-s3cret', 12, until);
    expect(username).toBe(`${until.getTime() / 1000}:12`);
    expect(credential).toBe(createHmac('sha1', 's3cret-s3cret-s3cret').update(username).digest('base64'));
  });

  it('list STUN without credentials and TURN with them', () => {
    const servers = iceServersFor(
      {
        CALL_STUN_URLS: 'stun:a.example:3478,stun:b.example:3478',
        CALL_TURN_URLS: 'turn:a.example:3478?transport=udp',
        CALL_TURN_SECRET: 'another-long-secret',
      },
      5,
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(servers[0]).toEqual({ urls: ['stun:a.example:3478', 'stun:b.example:3478'] });
    expect(servers[1]).toMatchObject({
      urls: ['turn:a.example:3478?transport=udp'],
      username: '1767225600:5',
    });
  });

  it('leave TURN out, and say so, when its secret is missing', () => {
    const env = { CALL_TURN_URLS: 'turn:a.example:3478' };
    expect(iceServersFor(env, 5, new Date())).toEqual([]);
    expect(iceConfigProblem(env)).toMatch(/CALL_TURN_SECRET/);
  });
});
