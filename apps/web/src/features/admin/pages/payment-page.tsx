import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { AdminPaymentDetails } from '@myprosper/contract/admin-refunds';
import { formatKes, localPhoneOf } from '@myprosper/contract/payments';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmailText } from '../../../components/email-text.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useAdminPayment, useQueryPayment } from '../api/payments.ts';
import { PersonLink, SessionLink } from '../components/admin-links.tsx';
import { AdminPage, AdminSection, EmptyState, QueryView } from '../components/admin-page.tsx';
import { DataTable, MoneyCell } from '../components/data-table.tsx';
import { DetailCard, Fact, FactGrid } from '../components/detail-card.tsx';
import { RefundDialog } from '../components/refund-dialog.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { formatDateTime, humanize, providerLabel } from '../lib/format.ts';

const sourceLabel = {
  SESSION: "The session's escrow",
  PLATFORM: "MyProsper's commission",
  WALLET: "The payer's wallet",
} as const;

function Refunds({ details }: { details: AdminPaymentDetails }) {
  if (details.refunds.length === 0) return <EmptyState>No refunds of this payment yet</EmptyState>;
  return (
    <DataTable
      minWidth={720}
      striped
      head={
        <>
          <Table.Th>When</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th>To</Table.Th>
          <Table.Th>Taken from</Table.Th>
          <Table.Th>Reason</Table.Th>
          <Table.Th>By</Table.Th>
        </>
      }
    >
      {details.refunds.map((refund) => (
        <Table.Tr key={refund.id}>
          <Table.Td>{formatDateTime(refund.at)}</Table.Td>
          <MoneyCell amount={refund.amount} />
          <Table.Td>
            {refund.mpesa ? (
              <Stack gap={2} align="flex-start">
                <Text fz="sm">{`M-PESA ${localPhoneOf(refund.mpesa.phoneNumber)}`}</Text>
                <StatusBadge
                  status={refund.mpesa.status}
                  label={
                    refund.mpesa.status === 'PAID'
                      ? `Sent${refund.mpesa.receipt ? ` · ${refund.mpesa.receipt}` : ''}`
                      : refund.mpesa.status === 'FAILED'
                        ? 'Back in the wallet'
                        : 'On its way'
                  }
                />
                {refund.mpesa.reason && (
                  <Text fz="xs" c="dimmed">
                    {refund.mpesa.reason}
                  </Text>
                )}
              </Stack>
            ) : (
              'Wallet'
            )}
          </Table.Td>
          <Table.Td>{sourceLabel[refund.source]}</Table.Td>
          <Table.Td>{refund.reason}</Table.Td>
          <Table.Td>{refund.by}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

function History({ details }: { details: AdminPaymentDetails }) {
  if (details.history.length === 0) return <EmptyState>Nothing was done with it in the console</EmptyState>;
  return (
    <Stack gap="xs">
      {details.history.map((event) => (
        <Text key={`${event.at}-${event.action}`} fz="sm">
          <Text span fw={600}>
            {formatDateTime(event.at)}
          </Text>
          {` · ${humanize(event.action)}${event.by ? ` by ${event.by}` : ''}: ${event.what}`}
          {event.reason && ` Why: ${event.reason}`}
        </Text>
      ))}
    </Stack>
  );
}

function Payment({ details }: { details: AdminPaymentDetails }) {
  const { payment, plan } = details;
  const [refunding, setRefunding] = useState(false);
  const query = useQueryPayment();
  const canAsk =
    payment.provider === 'MPESA' && (payment.status === 'PENDING' || payment.status === 'EXPIRED');

  async function ask(): Promise<void> {
    try {
      const answer = await query.mutateAsync(payment.id);
      const outcome = answer.data.outcome;
      if (outcome === 'SUCCEEDED' || outcome === 'FAILED') notify.success(`Payment ${outcome.toLowerCase()}`);
      else if (outcome === 'PENDING') notify.info('M-PESA says the payment is still being processed');
      else notify.error('M-PESA did not answer; try again later');
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  return (
    <Stack gap="lg">
      <DetailCard
        summary={
          <Group gap="xs">
            <StatusBadge status={payment.status} />
            <Text fw={700}>{formatKes(payment.amount)}</Text>
            <Text fz="sm" c="dimmed">
              {providerLabel(payment.provider)}
            </Text>
          </Group>
        }
        actions={
          <Group gap="xs">
            {canAsk && (
              <Button variant="light" loading={query.isPending} onClick={() => void ask()}>
                Ask M-PESA again
              </Button>
            )}
            {!plan.blocked && (
              <Button color="red" variant="light" onClick={() => setRefunding(true)}>
                Refund
              </Button>
            )}
          </Group>
        }
      >
        <FactGrid mt="md">
          <Fact block label="Paid by">
            <PersonLink person={payment.payer} />
            <Text fz="sm" c="dimmed">
              <EmailText email={payment.payer.email} />
            </Text>
          </Fact>
          <Fact label="From">{payment.phoneNumber ? localPhoneOf(payment.phoneNumber) : '—'}</Fact>
          <Fact block label="For">
            {payment.session ? <SessionLink session={payment.session} /> : 'A gift voucher or a top-up'}
          </Fact>
          <Fact label={payment.provider === 'MPESA' ? 'M-PESA receipt' : 'Card reference'}>
            {payment.providerReference ?? 'Not known yet'}
          </Fact>
          <Fact label="Checkout id">{payment.checkoutRequestId ?? '—'}</Fact>
          <Fact label="Made">{formatDateTime(payment.createdAt)}</Fact>
          <Fact label="Completed">{formatDateTime(payment.completedAt)}</Fact>
          <Fact label="Refunded">{formatKes(payment.refunded)}</Fact>
          {payment.resultCode !== null && (
            <Fact label="Provider said">{`${payment.resultCode}: ${payment.resultDesc ?? ''}`}</Fact>
          )}
        </FactGrid>
        {payment.expiredAt && (
          <Alert
            mt="md"
            color={payment.status === 'EXPIRED' ? 'gray' : 'teal'}
            title={
              payment.status === 'EXPIRED'
                ? `Closed for no answer ${formatDateTime(payment.expiredAt)}`
                : `Closed for no answer ${formatDateTime(payment.expiredAt)}, then confirmed late and applied`
            }
          >
            {payment.failureReason}
          </Alert>
        )}
        {payment.status === 'FAILED' && payment.failureReason && (
          <Alert mt="md" color="red" title="It did not go through">
            {payment.failureReason}
          </Alert>
        )}
        {payment.outcomeNote && (
          <Alert mt="md" color="blue" title="What became of the money">
            {payment.outcomeNote}
          </Alert>
        )}
        {plan.blocked && payment.status === 'SUCCEEDED' && (
          <Text mt="md" fz="sm" c="dimmed">
            {`Refund: ${plan.blocked}`}
          </Text>
        )}
      </DetailCard>
      <AdminSection title="Refunds">
        <Refunds details={details} />
      </AdminSection>
      <AdminSection title="History" description="What admins did with this payment (from the audit log)">
        <History details={details} />
      </AdminSection>
      <RefundDialog
        key={refunding ? `open-${payment.refunded}` : 'closed'}
        details={details}
        opened={refunding}
        onClose={() => setRefunding(false)}
      />
    </Stack>
  );
}

/** /admin/payments/:paymentId: one payment, what became of it, its refunds and history; refund it. */
export function PaymentPage() {
  const paymentId = Number(useParams().paymentId);
  const payment = useAdminPayment(paymentId);
  const title = payment.data
    ? `Payment ${payment.data.payment.providerReference ?? payment.data.payment.id}`
    : 'Payment';
  return (
    <AdminPage title={title}>
      <QueryView query={payment}>{(data) => <Payment details={data} />}</QueryView>
    </AdminPage>
  );
}
