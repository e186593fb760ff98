import { pricingResponse } from '@myprosper/contract/catalogue';
import type { PriceType } from '@myprosper/contract/common';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookingApi, bookingKeys } from './query-keys.ts';

/** GET getPricingSettingByPriceType/{INDIVIDUAL|GROUP}: `amount` is the whole price of a session, in KES. */
export async function getSessionPrice(priceType: PriceType, signal?: AbortSignal) {
  const body = await apiRequest(`${bookingApi}/getPricingSettingByPriceType/${priceType}`, pricingResponse, {
    signal,
  });
  return body.data.amount;
}

export function useSessionPrice(priceType: PriceType) {
  return useQuery({
    queryKey: bookingKeys.price(priceType),
    queryFn: ({ signal }) => getSessionPrice(priceType, signal),
  });
}
