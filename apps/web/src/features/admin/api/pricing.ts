import {
  adminPricingResponse,
  type PricingRequest,
  pricingSavedResponse,
} from '@myprosper/contract/admin-catalogue';
import type { PriceType } from '@myprosper/contract/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminUrl } from './admin-url.ts';

const pricingKey = ['admin', 'pricing'] as const;

/** GET /myprosper/api/admin/pricing */
export function usePricing() {
  return useQuery({
    queryKey: pricingKey,
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('pricing'), adminPricingResponse, { signal })).data,
  });
}

/** PUT /myprosper/api/admin/pricing/{priceType} */
export function useSavePricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ priceType, body }: { priceType: PriceType; body: PricingRequest }) =>
      apiRequest(adminUrl(`pricing/${priceType}`), pricingSavedResponse, { method: 'PUT', body }),
    // Prices shown elsewhere in the app are read again.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
