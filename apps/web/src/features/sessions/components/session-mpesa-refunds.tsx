import { Alert, Stack } from '@mantine/core';
import { useSessionMpesaRefunds } from '../api/get-mpesa-refunds.ts';

const colors = { PENDING: 'blue', PAID: 'green', FAILED: 'yellow' } as const;
const titles = {
  PENDING: 'Refund on its way to M-PESA',
  PAID: 'Refund paid to M-PESA',
  FAILED: 'Refund in your wallet',
} as const;

/** The session's refunds to M-PESA, each pending, paid (with its M-PESA receipt) or back in the wallet. */
export function SessionMpesaRefunds({ sessionId }: { sessionId: number }) {
  const refunds = useSessionMpesaRefunds(sessionId);
  if (!refunds.data || refunds.data.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="session-mpesa-refunds">
      {refunds.data.map((refund) => (
        <Alert key={refund.id} color={colors[refund.status]} variant="light" title={titles[refund.status]}>
          {refund.text}
        </Alert>
      ))}
    </Stack>
  );
}
