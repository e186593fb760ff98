import { Anchor, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type AdminVoucher, adminVoucherStatuses } from '@myprosper/contract/admin-money';
import { formatKes } from '@myprosper/contract/payments';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useAdminVouchers } from '../api/payments.ts';
import { AdminPage, EmptyState, Pager, QueryView } from '../components/admin-page.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { formatDate, formatDateTime, humanize } from '../lib/format.ts';

const pageSize = 25;

/** /admin/vouchers: gift vouchers and where each stands (codes are never stored, so never shown). */
export function VouchersPage() {
  const [status, setStatus] = useState<AdminVoucher['status'] | null>(null);
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text, 300);
  const [page, setPage] = useState(1);
  const vouchers = useAdminVouchers({ status: status ?? undefined, query, page, pageSize });
  return (
    <AdminPage title="Vouchers" description="Gift vouchers bought, paid, delivered and redeemed.">
      <Group mb="md" align="flex-end" gap="sm">
        <TextInput
          label="Search"
          placeholder="Reference, buyer or recipient"
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
          w={180}
          data={adminVoucherStatuses.map((value) => ({ value, label: humanize(value) }))}
          value={status}
          onChange={(value) => {
            setStatus(value as AdminVoucher['status'] | null);
            setPage(1);
          }}
        />
      </Group>
      <QueryView query={vouchers}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState>No vouchers found</EmptyState>
          ) : (
            <>
              <Table.ScrollContainer minWidth={860}>
                <Table striped verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Reference</Table.Th>
                      <Table.Th>Bought by</Table.Th>
                      <Table.Th>For</Table.Th>
                      <Table.Th>Session with</Table.Th>
                      <Table.Th ta="right">Amount</Table.Th>
                      <Table.Th>Status</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((voucher) => (
                      <Table.Tr key={voucher.id}>
                        <Table.Td>
                          <Text fw={600}>{voucher.reference}</Text>
                          <Text fz="xs" c="dimmed">
                            {formatDate(voucher.createdAt)}
                          </Text>
                        </Table.Td>
                        <Table.Td>{voucher.buyer.name}</Table.Td>
                        <Table.Td>
                          <Text fz="sm">{voucher.recipient.name}</Text>
                          <Text fz="xs" c="dimmed">
                            {voucher.recipient.email}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text fz="sm">{voucher.mentor.name}</Text>
                          <Text fz="xs" c="dimmed">
                            {voucher.topic.name}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">{formatKes(voucher.amount)}</Table.Td>
                        <Table.Td>
                          <StatusBadge status={voucher.status} />
                          <Text fz="xs" c="dimmed">
                            {voucher.redeemedAt
                              ? `Redeemed ${formatDateTime(voucher.redeemedAt)}`
                              : voucher.deliveredAt
                                ? `Sent ${formatDateTime(voucher.deliveredAt)}`
                                : voucher.paidAt
                                  ? `Paid ${formatDateTime(voucher.paidAt)}`
                                  : ''}
                          </Text>
                          {voucher.redeemedSession && (
                            <Anchor
                              component={Link}
                              to={paths.adminSession(voucher.redeemedSession.id)}
                              fz="xs"
                            >
                              {voucher.redeemedSession.reference}
                            </Anchor>
                          )}
                        </Table.Td>
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
    </AdminPage>
  );
}
