import { Anchor, Button, Checkbox, Group, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { describePayoutMethod, type MentorOwed } from '@myprosper/contract/admin-money';
import { formatKes } from '@myprosper/contract/payments';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { downloadPayoutsCsv, useMentorsOwed, usePayoutHistory } from '../api/payouts.ts';
import { AdminPage, EmptyState, Pager, QueryView } from '../components/admin-page.tsx';
import { PayoutDialog } from '../components/payout-dialog.tsx';
import { formatDate, formatDateTime } from '../lib/format.ts';

const pageSize = 25;

function Owed() {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text, 300);
  const [everyone, setEveryone] = useState(false);
  const [paying, setPaying] = useState<MentorOwed | null>(null);
  const owed = useMentorsOwed({ query, owed: everyone ? 'false' : 'true' });
  return (
    <>
      <Group mb="md" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Mentor name, e-mail or phone"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Checkbox
          label="Every mentor, owed or not"
          checked={everyone}
          onChange={(e) => setEveryone(e.currentTarget.checked)}
          mb={8}
        />
      </Group>
      <QueryView query={owed}>
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState>No mentor is owed anything</EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Mentor</Table.Th>
                    <Table.Th ta="right">Owed</Table.Th>
                    <Table.Th>Payout method</Table.Th>
                    <Table.Th>Last payout</Table.Th>
                    <Table.Th>
                      <Text span fz="sm" fw={700}>
                        Pay
                      </Text>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.mentor.id} data-testid={`owed-${row.mentor.id}`}>
                      <Table.Td>
                        <Anchor component={Link} to={paths.adminUser(row.mentor.id)} fw={600}>
                          {row.mentor.name}
                        </Anchor>
                        <Text fz="xs" c="dimmed">
                          {row.mentor.email}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" fw={600}>
                        {formatKes(row.balance)}
                      </Table.Td>
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
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryView>
      {paying && <PayoutDialog key={paying.mentor.id} row={paying} opened onClose={() => setPaying(null)} />}
    </>
  );
}

function History() {
  const [page, setPage] = useState(1);
  const history = usePayoutHistory({ page, pageSize });
  return (
    <QueryView query={history}>
      {(data) =>
        data.items.length === 0 ? (
          <EmptyState>No payouts recorded yet</EmptyState>
        ) : (
          <>
            <Table.ScrollContainer minWidth={760}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Paid</Table.Th>
                    <Table.Th>Mentor</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th>Sent to</Table.Th>
                    <Table.Th>Reference</Table.Th>
                    <Table.Th>Recorded by</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((payout) => (
                    <Table.Tr key={payout.id}>
                      <Table.Td>{formatDateTime(payout.paidAt)}</Table.Td>
                      <Table.Td>{payout.mentor.name}</Table.Td>
                      <Table.Td ta="right">{formatKes(payout.amount)}</Table.Td>
                      <Table.Td>{payout.details}</Table.Td>
                      <Table.Td ff="monospace">{payout.reference}</Table.Td>
                      <Table.Td>{payout.paidBy?.name ?? '—'}</Table.Td>
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

/** /admin/payouts: what each mentor is owed, marking payouts paid, their history and the CSV sheet. */
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
      <Tabs defaultValue="owed" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="owed">Owed</Tabs.Tab>
          <Tabs.Tab value="history">Paid</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="owed">
          <Owed />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <History />
        </Tabs.Panel>
      </Tabs>
    </AdminPage>
  );
}
