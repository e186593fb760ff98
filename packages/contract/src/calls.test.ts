import { describe, expect, it } from 'vitest';
import {
  callMessages,
  callWarningText,
  callWindow,
  feedCheckOf,
  formatCountdown,
  isGenuineFeed,
  isPolite,
  parseClientMessage,
  parseServerMessage,
  roomCapacity,
  videoSenderCaps,
} from './calls.ts';

describe('the call window', () => {
  it('opens before the start and closes after the end plus grace', () => {
    const startsAt = new Date('2026-03-02T06:00:00Z');
    const endsAt = new Date('2026-03-02T07:00:00Z');
    const window = callWindow({ startsAt, endsAt }, { earlyJoinMinutes: 10, graceMinutes: 10 });
    expect(window.opensAt.toISOString()).toBe('2026-03-02T05:50:00.000Z');
    expect(window.closesAt.toISOString()).toBe('2026-03-02T07:10:00.000Z');
  });

  it('holds two people in an individual room and five in a group', () => {
    expect(roomCapacity).toEqual({ INDIVIDUAL: 2, GROUP: 5 });
  });

  it('words the early-join refusal with the minutes', () => {
    expect(callMessages.tooEarly(10)).toBe('The call opens 10 minutes before the session starts');
    expect(callMessages.tooEarly(1)).toBe('The call opens 1 minute before the session starts');
  });
});

describe('perfect negotiation roles', () => {
  it('makes exactly one side of each pair polite', () => {
    const ids = ['pAAAAAAAA1', 'pZZZZZZZZ2', 'p_-0000009'];
    for (const a of ids) {
      for (const b of ids) {
        if (a !== b) expect(isPolite(a, b)).not.toBe(isPolite(b, a));
      }
    }
  });
});

describe('outgoing video caps', () => {
  it('leaves two-person calls alone and caps harder as the room grows', () => {
    expect(videoSenderCaps(2)).toBeNull();
    const three = videoSenderCaps(3);
    const five = videoSenderCaps(5);
    expect(three?.maxBitrate).toBe(500_000);
    expect(videoSenderCaps(4)).toEqual(three);
    expect(five?.maxBitrate).toBe(350_000);
    expect(five!.scaleResolutionDownBy).toBeGreaterThan(three!.scaleResolutionDownBy);
  });
});

describe('the countdown', () => {
  it('shows minutes and seconds, hours when needed, never below zero', () => {
    expect(formatCountdown(59 * 60_000 + 5_000)).toBe('59:05');
    expect(formatCountdown(3_600_000 + 61_000)).toBe('1:01:01');
    expect(formatCountdown(400)).toBe('00:01');
    expect(formatCountdown(-5_000)).toBe('00:00');
  });
});

describe('signaling messages', () => {
  it('accepts the messages of the protocol', () => {
    expect(parseClientMessage('{"type":"join"}')).toEqual({ type: 'join' });
    expect(
      parseClientMessage(
        JSON.stringify({
          type: 'signal',
          to: 'pAbCdEf123',
          seq: 3,
          data: { description: { type: 'offer', sdp: 'v=0' } },
        }),
      ),
    ).toMatchObject({ type: 'signal', seq: 3 });
    expect(
      parseClientMessage(
        JSON.stringify({
          type: 'signal',
          to: 'pAbCdEf123',
          seq: 4,
          data: { candidate: { candidate: 'candidate:1', sdpMid: '0', sdpMLineIndex: 0 } },
        }),
      ),
    ).not.toBeNull();
    expect(parseClientMessage('{"type":"mute-state","audioMuted":true,"videoOff":false}')).not.toBeNull();
    expect(
      parseServerMessage('{"type":"session-ended","reason":"TIME_UP","message":"This session has ended"}'),
    ).toEqual({
      type: 'session-ended',
      reason: 'TIME_UP',
      message: 'This session has ended',
    });
  });

  it('refuses anything else: bad JSON, unknown types, bad ids, sequence numbers and oversized SDP', () => {
    expect(parseClientMessage('not json')).toBeNull();
    expect(parseClientMessage('{"type":"shout"}')).toBeNull();
    expect(parseClientMessage('{"type":"join","resume":"../etc"}')).toBeNull();
    const signal = (patch: object) =>
      JSON.stringify({
        type: 'signal',
        to: 'pAbCdEf123',
        seq: 1,
        data: { description: { type: 'offer', sdp: 'v=0' } },
        ...patch,
      });
    expect(parseClientMessage(signal({ seq: 0 }))).toBeNull();
    expect(parseClientMessage(signal({ to: 'x' }))).toBeNull();
    expect(
      parseClientMessage(signal({ data: { description: { type: 'offer', sdp: 'x'.repeat(60_001) } } })),
    ).toBeNull();
    expect(parseClientMessage(signal({ data: { something: 1 } }))).toBeNull();
    // The video a peer wants (the data saver's small video) passes; anything else in its place does not.
    expect(parseClientMessage(signal({ data: { video: { low: true } } }))).toMatchObject({
      data: { video: { low: true } },
    });
    expect(parseClientMessage(signal({ data: { video: { low: 'yes' } } }))).toBeNull();
  });
});

describe('the warning in the call', () => {
  const endsAt = '2026-11-27T10:00:00.000Z';
  const closesAt = '2026-11-27T10:10:00.000Z';
  it('counts the minutes to the end before it, and to the close during the grace (never "0 minutes")', () => {
    expect(callWarningText({ minutesLeft: 5, closesAt }, Date.parse(endsAt) - 5 * 60_000)).toBe(
      'The session ends in 5 minutes',
    );
    expect(callWarningText({ minutesLeft: 1 }, Date.parse(endsAt) - 60_000)).toBe(
      'The session ends in 1 minute',
    );
    expect(callWarningText({ minutesLeft: 0, closesAt }, Date.parse(endsAt) + 3 * 60_000 + 5_000)).toBe(
      "The session's hour is over. The call closes in 7 minutes",
    );
    expect(callWarningText({ minutesLeft: 0, closesAt }, Date.parse(closesAt) - 10_000)).toBe(
      "The session's hour is over. The call closes in 1 minute",
    );
  });
});

describe('a publisher in the SFU proves it is the participant its id names', () => {
  it('by a display whose SHA-256 is the roster’s check; a made-up or borrowed display is not shown', async () => {
    const tag = 'tag-only-this-page-was-given';
    const check = await feedCheckOf(tag);
    // Base64url of 32 bytes, no padding: the server's digest('base64url').
    expect(check).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await isGenuineFeed(tag, check)).toBe(true);
    // Someone else under this id: they know the check (every page does) but not the tag.
    expect(await isGenuineFeed(check, check)).toBe(false);
    expect(await isGenuineFeed('tag-of-another-participant', check)).toBe(false);
    expect(await isGenuineFeed('', check)).toBe(false);
    // Not in the roster yet: not shown until a roster names them.
    expect(await isGenuineFeed(tag, undefined)).toBe(false);
  });

  it('hashes as Node does, so the API’s check and the browser’s agree', async () => {
    const { createHash } = await import('node:crypto');
    const tag = 'x'.repeat(43);
    expect(await feedCheckOf(tag)).toBe(createHash('sha256').update(tag).digest('base64url'));
  });
});
