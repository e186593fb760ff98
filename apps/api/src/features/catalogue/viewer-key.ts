import { createHash } from 'node:crypto';

/**
 * Who a view or search is counted for (issue 20: once per person or address per topic per hour): the
 * signed-in person, else the client's address, kept only as a hash.
 */
export function viewerKey(userId: number | null | undefined, address: string): string {
  if (userId) return `user:${userId}`;
  return `address:${createHash('sha256').update(address).digest('base64url').slice(0, 22)}`;
}

/** The hour an instant falls in: views and searches are counted once per viewer in it. */
export function hourOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
}
