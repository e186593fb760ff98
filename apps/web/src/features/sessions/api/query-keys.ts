import type { SessionListStatus, SessionType } from '@myprosper/contract/sessions';

export const sessionsApi = '/myprosper/api';

export interface SessionListFilter {
  userId: number;
  /** Mentors read their mentor list, everyone else their mentee list. */
  asAdvisor: boolean;
  sessionType: SessionType;
  status: SessionListStatus;
}

/**
 * Every session answer lives under 'sessions' (booking and reschedule invalidate that root): one key per list
 * filter, one per session page.
 */
export const sessionKeys = {
  all: ['sessions'] as const,
  list: (filter: SessionListFilter) => ['sessions', 'list', filter] as const,
  detail: (sessionId: number) => ['sessions', 'detail', sessionId] as const,
};
