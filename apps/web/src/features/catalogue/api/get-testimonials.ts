import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client.ts';
import { catalogueContract, catalogueKey } from './catalogue-api.ts';
import { catalogueEndpoints } from './catalogue-endpoints.ts';

/** GET getActiveTestimonials: the video testimonials on show. */
export async function getTestimonials(signal?: AbortSignal) {
  const body = await apiRequest(
    catalogueEndpoints.testimonials(),
    lazySchema(catalogueContract, 'testimonialsResponse'),
    { signal },
  );
  return body.data;
}

export function testimonialsQueryOptions() {
  return queryOptions({
    queryKey: [catalogueKey, 'testimonials'],
    queryFn: ({ signal }) => getTestimonials(signal),
  });
}

export function useTestimonials() {
  return useQuery(testimonialsQueryOptions());
}
