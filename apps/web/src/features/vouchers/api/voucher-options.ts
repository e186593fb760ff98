import { advisorListResponse, liveTopicsResponse, pricingResponse } from '@myprosper/contract/catalogue';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { voucherKeys } from './query-keys.ts';

/** What step 2 and 3 choose from: the programs, the mentors of a program, the individual price. */

const api = '/myprosper/api';

export function useVoucherTopics() {
  return useQuery({
    queryKey: voucherKeys.topics,
    queryFn: async ({ signal }) =>
      (await apiRequest(`${api}/getLiveTopics`, liveTopicsResponse, { signal })).data,
    staleTime: 10 * 60_000,
  });
}

/** GET getTopicAdvisors/{userId}/ALL?topicId=…: loaded once a program is chosen. */
export function useVoucherAdvisors(userId: number, topicId: number | null) {
  return useQuery({
    queryKey: voucherKeys.advisors(topicId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${api}/getTopicAdvisors/${userId}/ALL?topicId=${topicId}`, advisorListResponse, {
          signal,
        })
      ).data,
    enabled: topicId !== null,
  });
}

/** GET getPricingSettingByPriceType/INDIVIDUAL: a voucher costs one individual session. */
export function useIndividualPrice() {
  return useQuery({
    queryKey: voucherKeys.price,
    queryFn: async ({ signal }) =>
      (await apiRequest(`${api}/getPricingSettingByPriceType/INDIVIDUAL`, pricingResponse, { signal })).data
        .amount,
  });
}
