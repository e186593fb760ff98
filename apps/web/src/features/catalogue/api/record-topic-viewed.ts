import { apiRequest, lazySchema } from '../../../lib/api-client.ts';
import { catalogueApi, catalogueContract } from './catalogue-api.ts';

/** POST topicViewed {topicId}: the 'Topic Viewed' analytics event. Fire and forget: a failure is never shown. */
export function recordTopicViewed(topicId: number): void {
  apiRequest(`${catalogueApi}/topicViewed`, lazySchema(catalogueContract, 'topicViewedResponse'), {
    method: 'POST',
    body: { topicId },
    skipUnauthorized: true,
  }).catch(() => {
    // Analytics must never disturb the visitor.
  });
}
