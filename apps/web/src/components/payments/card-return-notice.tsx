import { Alert, CloseButton, Group, Text } from '@mantine/core';
import { type CardOutcome, cardOutcome, cardOutcomeMessage } from '@myprosper/contract/card';
import { useSearchParams } from 'react-router';

const colors: Record<CardOutcome, string> = {
  paid: 'green',
  declined: 'red',
  cancelled: 'yellow',
  review: 'blue',
  failed: 'red',
};

/**
 * Back from the card provider's hosted page (…?outcome=paid): 'Payment successful', 'Your card was
 * declined', …, as a banner until closed (closing removes the outcome from the address).
 */
export function CardReturnNotice() {
  const [params, setParams] = useSearchParams();
  const parsed = cardOutcome.safeParse(params.get('outcome'));
  if (!parsed.success) return null;
  const outcome = parsed.data;

  function dismiss(): void {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('outcome');
        return next;
      },
      { replace: true },
    );
  }

  return (
    <Alert color={colors[outcome]} variant="light" role={outcome === 'paid' ? 'status' : 'alert'} p="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={600}>{cardOutcomeMessage(outcome)}</Text>
        <CloseButton aria-label="Dismiss" onClick={dismiss} />
      </Group>
    </Alert>
  );
}
