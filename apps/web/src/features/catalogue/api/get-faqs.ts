import type { UserType } from '@myprosper/contract/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client.ts';
import { catalogueContract, catalogueKey } from './catalogue-api.ts';
import { catalogueEndpoints } from './catalogue-endpoints.ts';

/** GET getFAQsByUserType/{ADVISEE|ADVISOR}. */
export async function getFaqs(userType: UserType, signal?: AbortSignal) {
  const body = await apiRequest(
    catalogueEndpoints.faqs(userType),
    lazySchema(catalogueContract, 'faqsResponse'),
    { signal },
  );
  return body.data;
}

export function faqsQueryOptions(userType: UserType) {
  return queryOptions({
    queryKey: [catalogueKey, 'faqs', userType],
    queryFn: ({ signal }) => getFaqs(userType, signal),
  });
}

export function useFaqs(userType: UserType) {
  return useQuery(faqsQueryOptions(userType));
}
