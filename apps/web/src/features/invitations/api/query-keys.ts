/** The API root of the invitation calls. */
export const invitationsApi = '/myprosper/api';

/**
 * Session answers live under the root 'sessions' (the sessions feature keys its lists and pages the same way):
 * an accepted invitation refreshes every list and session page at once.
 */
export const sessionsRootKey = ['sessions'] as const;

export const invitationKeys = {
  status: (sessionId: number, phoneNo: string) => ['invitations', 'status', sessionId, phoneNo] as const,
};
