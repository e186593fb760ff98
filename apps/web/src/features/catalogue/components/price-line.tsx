import { Skeleton, Text } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { usePricing } from '../api/get-pricing.ts';

/** 'KES 2,900': whole shillings with thousands separators. */
export function formatKes(amount: number): string {
  return `KES ${amount.toLocaleString('en-KE', { maximumFractionDigits: 0 })}`;
}

/** The offer of personalised advice at the individual session price (spec 2.7, 9: the price is for 1 hour). */
export function PriceLine() {
  const pricing = usePricing('INDIVIDUAL');
  if (pricing.isPending) return <Skeleton height={22} width="80%" />;
  if (pricing.isError) return <Text c="red">{messages.loadError}</Text>;
  return (
    <Text size="lg">
      Get personalised advice from a mentor for{' '}
      <Text span fw={700} c="teal.9" inherit>
        {formatKes(pricing.data.amount)}
      </Text>{' '}
      per 1 hour session
    </Text>
  );
}
