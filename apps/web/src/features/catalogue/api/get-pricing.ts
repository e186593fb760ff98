import type { PriceType } from '@myprosper/contract/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client.ts';
import { catalogueApi, catalogueContract, catalogueKey } from './catalogue-api.ts';

/** GET getPricingSettingByPriceType/{INDIVIDUAL|GROUP}: `amount` is the price shown and charged. */
export async function getPricing(priceType: PriceType, signal?: AbortSignal) {
  const body = await apiRequest(
    `${catalogueApi}/getPricingSettingByPriceType/${priceType}`,
    lazySchema(catalogueContract, 'pricingResponse'),
    {
      signal,
    },
  );
  return body.data;
}

export function pricingQueryOptions(priceType: PriceType) {
  return queryOptions({
    queryKey: [catalogueKey, 'pricing', priceType],
    queryFn: ({ signal }) => getPricing(priceType, signal),
  });
}

export function usePricing(priceType: PriceType) {
  return useQuery(pricingQueryOptions(priceType));
}
