import {
  adminFaqResponse,
  adminFaqsResponse,
  adminTestimonialResponse,
  adminTestimonialsResponse,
  type FaqRequest,
  type TestimonialRequest,
} from '@myprosper/contract/admin-catalogue';
import type { UserType } from '@myprosper/contract/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminUrl } from './admin-url.ts';

const faqsKey = ['admin', 'faqs'] as const;
const testimonialsKey = ['admin', 'testimonials'] as const;

/** GET /myprosper/api/admin/faqs */
export function useFaqs() {
  return useQuery({
    queryKey: faqsKey,
    queryFn: async ({ signal }) => (await apiRequest(adminUrl('faqs'), adminFaqsResponse, { signal })).data,
  });
}

export function useFaqMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: faqsKey });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id: number | null; body: FaqRequest }) =>
        apiRequest(adminUrl(id === null ? 'faqs' : `faqs/${id}`), adminFaqResponse, {
          method: id === null ? 'POST' : 'PUT',
          body,
        }),
      onSettled,
    }),
    order: useMutation({
      mutationFn: (body: { userType: UserType; ids: number[] }) =>
        apiRequest(adminUrl('faqs/order'), adminFaqsResponse, { method: 'PUT', body }),
      onSettled,
    }),
  };
}

/** GET /myprosper/api/admin/testimonials */
export function useTestimonials() {
  return useQuery({
    queryKey: testimonialsKey,
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('testimonials'), adminTestimonialsResponse, { signal })).data,
  });
}

export function useTestimonialMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: testimonialsKey });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id: number | null; body: TestimonialRequest }) =>
        apiRequest(adminUrl(id === null ? 'testimonials' : `testimonials/${id}`), adminTestimonialResponse, {
          method: id === null ? 'POST' : 'PUT',
          body,
        }),
      onSettled,
    }),
    order: useMutation({
      mutationFn: (ids: number[]) =>
        apiRequest(adminUrl('testimonials/order'), adminTestimonialsResponse, {
          method: 'PUT',
          body: { ids },
        }),
      onSettled,
    }),
  };
}
