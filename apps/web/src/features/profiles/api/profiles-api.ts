import { ApiError } from '../../../lib/api-client.ts';

/** Where every profile call lives. */
export const profilesApi = '/myprosper/api';

/** Query keys of this feature, in one place so mutations can invalidate exactly what they change. */
export const profileKeys = {
  all: ['profiles'] as const,
  advisee: (adviseeId: number) => ['profiles', 'advisee', adviseeId] as const,
  advisor: (advisorId: number) => ['profiles', 'advisor', advisorId] as const,
  industries: ['profiles', 'industries'] as const,
  liveTopics: ['profiles', 'live-topics'] as const,
  timeSlots: (advisorId: number) => ['profiles', 'time-slots', advisorId] as const,
  blockedDates: ['profiles', 'blocked-dates'] as const,
  banks: ['profiles', 'banks'] as const,
  paymentMethods: (userId: number) => ['profiles', 'payment-methods', userId] as const,
  inviteLink: ['profiles', 'invite-link'] as const,
  faqs: (userType: string) => ['profiles', 'faqs', userType] as const,
};

/** Someone else's profile or a wrong role (4xx) answers the same again: retry only other failures, once. */
export function retryUnlessClientError(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) return false;
  return failureCount < 1;
}
