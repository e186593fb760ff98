export const journalApi = '/myprosper/api';

/** Every journal answer lives under 'journal': a write invalidates the whole root (pages are small). */
export const journalKeys = {
  all: ['journal'] as const,
  session: (sessionId: number) => ['journal', 'session', sessionId] as const,
  journey: (page: number) => ['journal', 'journey', page] as const,
  mentee: (adviseeId: number, page: number) => ['journal', 'mentee', adviseeId, page] as const,
};
