import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client.ts';
import { catalogueContract, catalogueKey, retryUnlessClientError } from './catalogue-api.ts';
import { catalogueEndpoints } from './catalogue-endpoints.ts';

/** GET getTopicDetails/{topicId}: one program with its tips. */
export async function getTopicDetails(topicId: number, signal?: AbortSignal) {
  const body = await apiRequest(
    catalogueEndpoints.topicDetails(topicId),
    lazySchema(catalogueContract, 'topicDetailsResponse'),
    {
      signal,
    },
  );
  return body.data;
}

export function topicDetailsQueryOptions(topicId: number) {
  return queryOptions({
    queryKey: [catalogueKey, 'topic', topicId],
    queryFn: ({ signal }) => getTopicDetails(topicId, signal),
    retry: retryUnlessClientError,
  });
}

/** `topicId` null (a malformed address) never calls the server. */
export function useTopicDetails(topicId: number | null) {
  return useQuery({ ...topicDetailsQueryOptions(topicId ?? 0), enabled: topicId !== null });
}
