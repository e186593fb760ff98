import { createHmac } from 'node:crypto';
import { isSameText } from '../../lib/same-text.ts';

/** What a join ticket says: who may open the signaling socket of which session, until when. */
export interface TicketClaims {
  userId: number;
  sessionId: number;
  /** Expiry, ms since epoch. */
  expiresAt: number;
}

export type TicketCheck = { ok: true; claims: TicketClaims } | { ok: false; reason: 'invalid' | 'expired' };

export const ticketTtlSeconds = 60;

const version = 'v1';

/** The ticket key is derived from the app's signing secret, so a ticket is never a valid token or link. */
function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('myprosper/call-ticket').digest();
}

function signatureOf(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(`${version}.${body}`).digest('base64url');
}

/**
 * A short-lived signed join ticket: 'v1.<base64url claims>.<base64url HMAC-SHA256>'. Browsers cannot set
 * headers on a WebSocket, so the socket carries this in its query string instead of the bearer token.
 */
export function signTicket(
  secret: string,
  input: { userId: number; sessionId: number },
  now = Date.now(),
  ttlSeconds = ticketTtlSeconds,
): { ticket: string; expiresAt: Date } {
  const claims: TicketClaims = { ...input, expiresAt: now + ttlSeconds * 1000 };
  const body = Buffer.from(JSON.stringify([claims.userId, claims.sessionId, claims.expiresAt])).toString(
    'base64url',
  );
  const signature = signatureOf(keyOf(secret), body);
  return { ticket: `${version}.${body}.${signature}`, expiresAt: new Date(claims.expiresAt) };
}

export function verifyTicket(secret: string, ticket: string, now = Date.now()): TicketCheck {
  const parts = ticket.split('.');
  if (parts.length !== 3 || parts[0] !== version) return { ok: false, reason: 'invalid' };
  const [, body = '', given = ''] = parts;
  if (!isSameText(signatureOf(keyOf(secret), body), given)) return { ok: false, reason: 'invalid' };
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!Array.isArray(values) || values.length !== 3 || !values.every((v) => Number.isInteger(v))) {
    return { ok: false, reason: 'invalid' };
  }
  const [userId, sessionId, expiresAt] = values as [number, number, number];
  if (expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { userId, sessionId, expiresAt } };
}
