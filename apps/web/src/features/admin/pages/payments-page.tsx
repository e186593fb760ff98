import { Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  formatKes,
  type PaymentAttemptStatus,
  type PaymentProvider,
  paymentAttemptStatuses,
  paymentProviders,
} from '@myprosper/contract/payments';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAdminPayments, useRefunds } from '../api/payments.ts';
import { SessionLink } from '../components/admin-links.tsx';
import { AdminPage } from '../components/admin-page.tsx';
import { AdminTabs } from '../components/admin-tabs.tsx';
import { DataTable, MoneyCell } from '../components/data-table.tsx';
import { CodeFilter, FilterBar, SearchField } from '../components/list-filters.tsx';
import { PagedList, usePaging } from '../components/paged-list.tsx';
import { PaybillReview } from '../components/paybill-review.tsx';
import { PaymentTable } from '../components/payment-table.tsx';
import { formatDateTime, providerLabel } from '../lib/format.ts';

function Payments() {
  const [params] = useSearchParams();
  const initial = paymentAttemptStatuses.find((value) => value === params.get('status')) ?? null;
  const [status, setStatus] = useState<PaymentAttemptStatus | null>(initial);
  const [provider, setProvider] = useState<PaymentProvider | null>(null);
  const [text, setText] = useState(params.get('q') ?? '');
  const [query] = useDebouncedValue(text, 300);
  const paging = usePaging();
  const payments = useAdminPayments({
    status: status ?? undefined,
    provider: provider ?? undefined,
    query,
    page: paging.page,
    pageSize: paging.pageSize,
  });
  return (
    <>
      <FilterBar>
        <SearchField
          placeholder="Receipt, checkout id, phone, payer or session"
          value={text}
          onChange={paging.filtered(setText)}
        />
        <CodeFilter
          w={150}
          codes={paymentAttemptStatuses}
          value={status}
          onChange={paging.filtered(setStatus)}
        />
        <CodeFilter
          label="Provider"
          w={140}
          codes={paymentProviders}
          labelOf={providerLabel}
          value={provider}
          onChange={paging.filtered(setProvider)}
        />
      </FilterBar>
      <PagedList query={payments} paging={paging}>
        {(items) => <PaymentTable payments={items} />}
      </PagedList>
    </>
  );
}

function Refunds() {
  const paging = usePaging();
  const refunds = useRefunds({ page: paging.page, pageSize: paging.pageSize });
  return (
    <PagedList query={refunds} paging={paging} empty="No refunds">
      {(items) => (
        <DataTable
          minWidth={640}
          striped
          head={
            <>
              <Table.Th>When</Table.Th>
              <Table.Th>Session</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </>
          }
        >
          {items.map((refund) => (
            <Table.Tr key={refund.transactionId}>
              <Table.Td>{formatDateTime(refund.createdAt)}</Table.Td>
              <Table.Td>{refund.session ? <SessionLink session={refund.session} /> : refund.memo}</Table.Td>
              <Table.Td>
                {refund.to.map((line) => (
                  <Text key={line.name} fz="sm">
                    {`${line.name}: ${formatKes(line.amount)}`}
                  </Text>
                ))}
              </Table.Td>
              <MoneyCell amount={refund.amount} />
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </PagedList>
  );
}

/** /admin/payments: every payment with its provider references (ask M-PESA again about a stuck one); refunds. */
export function PaymentsPage() {
  return (
    <AdminPage
      title="Payments"
      description="Payments asked of M-PESA and card, and the refunds the ledger made."
    >
      <AdminTabs
        defaultValue="payments"
        tabs={[
          { value: 'payments', label: 'Payments', panel: <Payments /> },
          { value: 'refunds', label: 'Refunds', panel: <Refunds /> },
          { value: 'paybill', label: 'Paybill payments to review', panel: <PaybillReview /> },
        ]}
      />
    </AdminPage>
  );
}
