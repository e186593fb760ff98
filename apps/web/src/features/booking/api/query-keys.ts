import type { PriceType } from '@myprosper/contract/common';

/** The API root of every booking call. */
export const bookingApi = '/myprosper/api';

/**
 * Query keys of this feature. Session answers live under the root 'sessions' (the sessions feature keys its
 * lists and pages the same way), so a booking or a reschedule invalidates every list and session page at once.
 */
export const sessionsRootKey = ['sessions'] as const;

export const bookingKeys = {
  advisor: (advisorId: number) => ['booking', 'advisor', advisorId] as const,
  availability: (advisorId: number) => ['booking', 'availability', advisorId] as const,
  price: (priceType: PriceType) => ['booking', 'price', priceType] as const,
  ownPhone: (userId: number) => ['booking', 'own-phone', userId] as const,
  session: (sessionId: number) => [...sessionsRootKey, 'detail', sessionId] as const,
};
