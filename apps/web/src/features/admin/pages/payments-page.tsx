import { Anchor, Group, Select, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  formatKes,
  type PaymentAttemptStatus,
  type PaymentProvider,
  paymentAttemptStatuses,
} from '@myprosper/contract/payments';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useAdminPayments, useRefunds } from '../api/payments.ts';
import { AdminPage, EmptyState, Pager, QueryView } from '../components/admin-page.tsx';
import { PaymentTable } from '../components/payment-table.tsx';
import { formatDateTime, humanize } from '../lib/format.ts';

const pageSize = 25;

function Payments() {
  const [params] = useSearchParams();
  const initial = paymentAttemptStatuses.find((value) => value === params.get('status')) ?? null;
  const [status, setStatus] = useState<PaymentAttemptStatus | null>(initial);
  const [provider, setProvider] = useState<PaymentProvider | null>(null);
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text, 300);
  const [page, setPage] = useState(1);
  const payments = useAdminPayments({
    status: status ?? undefined,
    provider: provider ?? undefined,
    query,
    page,
    pageSize,
  });
  return (
    <>
      <Group mb="md" align="flex-end" gap="sm">
        <TextInput
          label="Search"
          placeholder="Receipt, checkout id, phone, payer or session"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Select
          label="Status"
          placeholder="Any"
          clearable
          w={150}
          data={paymentAttemptStatuses.map((value) => ({ value, label: humanize(value) }))}
          value={status}
          onChange={(value) => {
            setStatus(value as PaymentAttemptStatus | null);
            setPage(1);
          }}
        />
        <Select
          label="Provider"
          placeholder="Any"
          clearable
          w={140}
          data={[
            { value: 'MPESA', label: 'M-PESA' },
            { value: 'CARD', label: 'Card' },
          ]}
          value={provider}
          onChange={(value) => {
            setProvider(value as PaymentProvider | null);
            setPage(1);
          }}
        />
      </Group>
      <QueryView query={payments}>
        {(data) => (
          <>
            <PaymentTable payments={data.items} />
            <Pager page={page} pageSize={pageSize} total={data.total} onChange={setPage} />
          </>
        )}
      </QueryView>
    </>
  );
}

function Refunds() {
  const [page, setPage] = useState(1);
  const refunds = useRefunds({ page, pageSize });
  return (
    <QueryView query={refunds}>
      {(data) =>
        data.items.length === 0 ? (
          <EmptyState>No refunds</EmptyState>
        ) : (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Session</Table.Th>
                    <Table.Th>To</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((refund) => (
                    <Table.Tr key={refund.transactionId}>
                      <Table.Td>{formatDateTime(refund.createdAt)}</Table.Td>
                      <Table.Td>
                        {refund.session ? (
                          <Anchor component={Link} to={paths.adminSession(refund.session.id)}>
                            {refund.session.reference}
                          </Anchor>
                        ) : (
                          refund.memo
                        )}
                      </Table.Td>
                      <Table.Td>
                        {refund.to.map((line) => (
                          <Text key={line.name} fz="sm">
                            {`${line.name}: ${formatKes(line.amount)}`}
                          </Text>
                        ))}
                      </Table.Td>
                      <Table.Td ta="right">{formatKes(refund.amount)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager page={page} pageSize={pageSize} total={data.total} onChange={setPage} />
          </>
        )
      }
    </QueryView>
  );
}

/** /admin/payments: every payment with its provider references (ask M-PESA again about a stuck one); refunds. */
export function PaymentsPage() {
  return (
    <AdminPage
      title="Payments"
      description="Payments asked of M-PESA and card, and the refunds the ledger made."
    >
      <Tabs defaultValue="payments" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="payments">Payments</Tabs.Tab>
          <Tabs.Tab value="refunds">Refunds</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="payments">
          <Payments />
        </Tabs.Panel>
        <Tabs.Panel value="refunds">
          <Refunds />
        </Tabs.Panel>
      </Tabs>
    </AdminPage>
  );
}
