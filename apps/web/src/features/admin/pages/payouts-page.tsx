import { Button, Checkbox, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { describePayoutMethod, type MentorOwed } from '@myprosper/contract/admin-money';
import { formatKes } from '@myprosper/contract/payments';
import { useState } from 'react';
import { EmailText } from '../../../components/email-text.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { downloadPayoutsCsv, useMentorsOwed, usePayoutHistory } from '../api/payouts.ts';
import { PersonLink } from '../components/admin-links.tsx';
import { AdminPage, EmptyState, QueryView } from '../components/admin-page.tsx';
import { AdminTabs } from '../components/admin-tabs.tsx';
import { ActionsHeader, DataTable, MoneyCell } from '../components/data-table.tsx';
import { FilterBar, SearchField } from '../components/list-filters.tsx';
import { MpesaPayoutRuns } from '../components/mpesa-payout-runs.tsx';
import { PagedList, usePaging } from '../components/paged-list.tsx';
import { PayoutDialog } from '../components/payout-dialog.tsx';
import { formatDate, formatDateTime } from '../lib/format.ts';

function Owed() {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text, 300);
  const [everyone, setEveryone] = useState(false);
  const [paying, setPaying] = useState<MentorOwed | null>(null);
  const owed = useMentorsOwed({ query, owed: everyone ? 'false' : 'true' });
  return (
    <>
      <FilterBar gap="md">
        <SearchField placeholder="Mentor name, e-mail or phone" value={text} onChange={setText} />
        <Checkbox
          label="Every mentor, owed or not"
          checked={everyone}
          onChange={(e) => setEveryone(e.currentTarget.checked)}
          mb={8}
        />
      </FilterBar>
      <QueryView query={owed}>
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState>No mentor is owed anything</EmptyState>
          ) : (
            <DataTable
              minWidth={760}
              striped
              head={
                <>
                  <Table.Th>Mentor</Table.Th>
                  <Table.Th ta="right">Owed</Table.Th>
                  <Table.Th>Payout method</Table.Th>
                  <Table.Th>Last payout</Table.Th>
                  <ActionsHeader>Pay</ActionsHeader>
                </>
              }
            >
              {rows.map((row) => (
                <Table.Tr key={row.mentor.id} data-testid={`owed-${row.mentor.id}`}>
                  <Table.Td>
                    <PersonLink person={row.mentor} />
                    <Text fz="xs" c="dimmed">
                      <EmailText email={row.mentor.email} />
                    </Text>
                  </Table.Td>
                  <MoneyCell amount={row.balance} fw={600} />
                  <Table.Td>{describePayoutMethod(row.method)}</Table.Td>
                  <Table.Td>
                    {row.lastPayout
                      ? `${formatKes(row.lastPayout.amount)} on ${formatDate(row.lastPayout.paidAt)}`
                      : '—'}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      disabled={row.balance <= 0}
                      onClick={() => setPaying(row)}
                      aria-label={`Mark a payout to ${row.mentor.name} as paid`}
                    >
                      Mark paid
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          )
        }
      </QueryView>
      {paying && <PayoutDialog key={paying.mentor.id} row={paying} opened onClose={() => setPaying(null)} />}
    </>
  );
}

function History() {
  const paging = usePaging();
  const history = usePayoutHistory({ page: paging.page, pageSize: paging.pageSize });
  return (
    <PagedList query={history} paging={paging} empty="No payouts recorded yet">
      {(items) => (
        <DataTable
          minWidth={760}
          striped
          head={
            <>
              <Table.Th>Paid</Table.Th>
              <Table.Th>Mentor</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Sent to</Table.Th>
              <Table.Th>Reference</Table.Th>
              <Table.Th>Recorded by</Table.Th>
            </>
          }
        >
          {items.map((payout) => (
            <Table.Tr key={payout.id}>
              <Table.Td>{formatDateTime(payout.paidAt)}</Table.Td>
              <Table.Td>{payout.mentor.name}</Table.Td>
              <MoneyCell amount={payout.amount} />
              <Table.Td>{payout.details}</Table.Td>
              <Table.Td ff="monospace">{payout.reference}</Table.Td>
              <Table.Td>{payout.paidBy?.name ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </PagedList>
  );
}

/**
 * /admin/payouts: what each mentor is owed, marking payouts paid, their history and the CSV sheet (bank), and
 * the M-PESA payout runs with "Run payouts now".
 */
export function PayoutsPage() {
  const [isExporting, setIsExporting] = useState(false);
  async function exportCsv(): Promise<void> {
    setIsExporting(true);
    try {
      await downloadPayoutsCsv();
    } catch (failure) {
      notify.error(errorMessage(failure));
    } finally {
      setIsExporting(false);
    }
  }
  return (
    <AdminPage
      title="Payouts"
      description="A mentor is owed their wallet balance: their earnings less what was paid out."
      actions={
        <Button variant="default" loading={isExporting} onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      }
    >
      <AdminTabs
        defaultValue="owed"
        tabs={[
          { value: 'owed', label: 'Owed', panel: <Owed /> },
          { value: 'history', label: 'Paid', panel: <History /> },
          { value: 'mpesa', label: 'M-PESA runs', panel: <MpesaPayoutRuns /> },
        ]}
      />
    </AdminPage>
  );
}
