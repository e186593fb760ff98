import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import type { AdminPayment } from '@myprosper/contract/admin-money';
import { formatKes } from '@myprosper/contract/payments';
import { Link } from 'react-router';
import { EmailText } from '../../../components/email-text.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useQueryPayment } from '../api/payments.ts';
import { adminPaths } from '../lib/admin-paths.ts';
import { formatDateTime, humanize, providerLabel } from '../lib/format.ts';
import { SessionLink } from './admin-links.tsx';
import { EmptyState } from './admin-page.tsx';
import { DataTable, DetailedCell, MoneyCell } from './data-table.tsx';
import { StatusBadge } from './status-badge.tsx';

/**
 * Payments with their provider references, each opening its page (refunds, history); a pending or expired
 * M-PESA push can be asked about again.
 */
export function PaymentTable({ payments }: { payments: readonly AdminPayment[] }) {
  const query = useQueryPayment();

  async function ask(payment: AdminPayment): Promise<void> {
    try {
      const answer = await query.mutateAsync(payment.id);
      const outcome = answer.data.outcome;
      if (outcome === 'SUCCEEDED' || outcome === 'FAILED')
        notify.success(`Payment ${humanize(outcome).toLowerCase()}`);
      else if (outcome === 'PENDING') notify.info('M-PESA says the payment is still being processed');
      else notify.error('M-PESA did not answer; try again later');
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  if (payments.length === 0) return <EmptyState>No payments</EmptyState>;
  return (
    <DataTable
      minWidth={900}
      striped
      head={
        <>
          <Table.Th>Made</Table.Th>
          <Table.Th>Payer</Table.Th>
          <Table.Th>Session</Table.Th>
          <Table.Th>Provider</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>References</Table.Th>
        </>
      }
    >
      {payments.map((payment) => (
        <Table.Tr key={payment.id}>
          <Table.Td>{formatDateTime(payment.createdAt)}</Table.Td>
          <DetailedCell
            main={payment.payer.name}
            detail={payment.phoneNumber ?? <EmailText email={payment.payer.email} />}
          />
          <Table.Td>{payment.session ? <SessionLink session={payment.session} fz="sm" /> : '—'}</Table.Td>
          <Table.Td>{providerLabel(payment.provider)}</Table.Td>
          <MoneyCell amount={payment.amount} />
          <Table.Td>
            <Stack gap={4} align="flex-start">
              <StatusBadge status={payment.status} />
              {payment.failureReason && payment.status !== 'SUCCEEDED' && (
                <Text fz="xs" c="dimmed">
                  {payment.failureReason}
                </Text>
              )}
              {payment.status === 'SUCCEEDED' && payment.expiredAt && (
                <Text fz="xs" c="dimmed">
                  Confirmed after it was closed for no answer
                </Text>
              )}
              {payment.refunded > 0 && (
                <Text fz="xs" c="dimmed">
                  {`${formatKes(payment.refunded)} refunded`}
                </Text>
              )}
              {payment.outcomeNote && (
                <Text fz="xs" c="dimmed">
                  {payment.outcomeNote}
                </Text>
              )}
              {(payment.status === 'PENDING' || payment.status === 'EXPIRED') &&
                payment.provider === 'MPESA' && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    loading={query.isPending && query.variables === payment.id}
                    onClick={() => void ask(payment)}
                  >
                    Ask M-PESA again
                  </Button>
                )}
            </Stack>
          </Table.Td>
          <Table.Td>
            <Anchor component={Link} to={adminPaths.adminPayment(payment.id)} fz="sm" ff="monospace" fw={600}>
              {payment.providerReference ?? `Payment ${payment.id}`}
            </Anchor>
            {payment.providerReference === null && (
              <Text fz="xs" c="dimmed">
                no receipt yet
              </Text>
            )}
            <Text fz="xs" ff="monospace" c="dimmed">
              {payment.checkoutRequestId ?? ''}
            </Text>
            {payment.resultCode !== null && (
              <Text fz="xs" c="dimmed">
                {`${payment.resultCode}: ${payment.resultDesc ?? ''}`}
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
