import { describe, expect, it } from 'vitest';
import { signTicket, verifyTicket } from './join-ticket.ts';

const secret = 'a-signing-secret-of-the-app-'.padEnd(48, 'x');

describe('join tickets', () => {
  it('say who may join which session, for 60 seconds', () => {
    const now = Date.UTC(2026, 2, 2, 6, 0, 0);
    const { ticket, expiresAt } = signTicket(secret, { userId: 7, sessionId: 42 }, now);
    expect(expiresAt.getTime()).toBe(now + 60_000);
    expect(verifyTicket(secret, ticket, now + 59_000)).toEqual({
      ok: true,
      claims: { userId: 7, sessionId: 42, expiresAt: now + 60_000 },
    });
    expect(verifyTicket(secret, ticket, now + 60_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('are refused when forged, altered or signed with another secret', () => {
    const { ticket } = signTicket(secret, { userId: 7, sessionId: 42 });
    const [version, , signature] = ticket.split('.');
    const otherBody = Buffer.from(JSON.stringify([8, 42, Date.now() + 60_000])).toString('base64url');
    expect(verifyTicket(secret, `${version}.${otherBody}.${signature}`)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(verifyTicket(`${secret}y`, ticket)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyTicket(secret, 'v1.e30.')).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyTicket(secret, 'garbage')).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyTicket(secret, ticket.replace('v1.', 'v2.'))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('are refused when any character of the signature changes, even one that decodes to the same bytes', () => {
    // A 32-byte signature is 43 base64url characters; the last one has two spare bits, so 'A'..'D' decode alike.
    // Its last character is always one whose index is a multiple of 4; the next character differs only there.
    for (let userId = 1; userId <= 16; userId += 1) {
      const { ticket } = signTicket(secret, { userId, sessionId: 42 });
      const twin = String.fromCharCode((ticket.at(-1) ?? 'A').charCodeAt(0) + 1);
      expect(Buffer.from(ticket.slice(-43), 'base64url')).toEqual(
        Buffer.from(`${ticket.slice(-43, -1)}${twin}`, 'base64url'),
      );
      expect(verifyTicket(secret, `${ticket.slice(0, -1)}${twin}`)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});
