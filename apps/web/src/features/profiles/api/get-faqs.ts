import { faqsResponse } from '@myprosper/contract/catalogue';
import type { UserType } from '@myprosper/contract/common';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi } from './profiles-api.ts';

/** GET getFAQsByUserType/{ADVISEE|ADVISOR}: the help page's questions for this kind of user. */
export async function getFaqs(userType: UserType, signal?: AbortSignal) {
  const body = await apiRequest(`${profilesApi}/getFAQsByUserType/${userType}`, faqsResponse, { signal });
  return body.data;
}

export function useFaqs(userType: UserType) {
  return useQuery({
    queryKey: profileKeys.faqs(userType),
    queryFn: ({ signal }) => getFaqs(userType, signal),
    staleTime: 10 * 60_000,
  });
}
