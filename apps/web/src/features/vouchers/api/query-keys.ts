/** Query keys of the vouchers feature, under one root. */
export const voucherKeys = {
  all: ['vouchers'] as const,
  topics: ['vouchers', 'topics'] as const,
  advisors: (topicId: number) => ['vouchers', 'advisors', topicId] as const,
  price: ['vouchers', 'price'] as const,
  mine: ['vouchers', 'mine'] as const,
  voucher: (reference: string) => ['vouchers', 'voucher', reference] as const,
};
