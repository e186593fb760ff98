import { Anchor, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type AdminVoucher, adminVoucherStatuses } from '@myprosper/contract/admin-money';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmailText } from '../../../components/email-text.tsx';
import { useAdminVouchers } from '../api/payments.ts';
import { SessionLink } from '../components/admin-links.tsx';
import { AdminPage } from '../components/admin-page.tsx';
import { DataTable, DetailedCell, MoneyCell } from '../components/data-table.tsx';
import { CodeFilter, FilterBar, SearchField } from '../components/list-filters.tsx';
import { PagedList, usePaging } from '../components/paged-list.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { adminPaths } from '../lib/admin-paths.ts';
import { formatDate, formatDateTime } from '../lib/format.ts';

/** Where a voucher stands last: redeemed, sent, or paid, and when. */
function lastStep(voucher: AdminVoucher): string {
  if (voucher.redeemedAt) return `Redeemed ${formatDateTime(voucher.redeemedAt)}`;
  if (voucher.deliveredAt) return `Sent ${formatDateTime(voucher.deliveredAt)}`;
  if (voucher.paidAt) return `Paid ${formatDateTime(voucher.paidAt)}`;
  return '';
}

/** /admin/vouchers: gift vouchers and where each stands (codes are never stored, so never shown); each opens its page. */
export function VouchersPage() {
  const [params] = useSearchParams();
  const [status, setStatus] = useState<AdminVoucher['status'] | null>(null);
  const [text, setText] = useState(params.get('q') ?? '');
  const [query] = useDebouncedValue(text, 300);
  const paging = usePaging();
  const vouchers = useAdminVouchers({
    status: status ?? undefined,
    query,
    page: paging.page,
    pageSize: paging.pageSize,
  });
  return (
    <AdminPage title="Vouchers" description="Gift vouchers bought, paid, delivered and redeemed.">
      <FilterBar>
        <SearchField
          placeholder="Reference, buyer or recipient"
          value={text}
          onChange={paging.filtered(setText)}
        />
        <CodeFilter
          w={180}
          codes={adminVoucherStatuses}
          value={status}
          onChange={paging.filtered(setStatus)}
        />
      </FilterBar>
      <PagedList query={vouchers} paging={paging} empty="No vouchers found">
        {(items) => (
          <DataTable
            minWidth={860}
            striped
            head={
              <>
                <Table.Th>Reference</Table.Th>
                <Table.Th>Bought by</Table.Th>
                <Table.Th>For</Table.Th>
                <Table.Th>Session with</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
              </>
            }
          >
            {items.map((voucher) => (
              <Table.Tr key={voucher.id}>
                <Table.Td>
                  <Anchor component={Link} to={adminPaths.adminVoucher(voucher.id)} fw={600}>
                    {voucher.reference}
                  </Anchor>
                  <Text fz="xs" c="dimmed">
                    {formatDate(voucher.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td>{voucher.buyer.name}</Table.Td>
                <DetailedCell
                  main={voucher.recipient.name}
                  detail={<EmailText email={voucher.recipient.email} />}
                />
                <DetailedCell main={voucher.mentor.name} detail={voucher.topic.name} />
                <MoneyCell amount={voucher.amount} />
                <Table.Td>
                  <StatusBadge status={voucher.status} />
                  <Text fz="xs" c="dimmed">
                    {lastStep(voucher)}
                  </Text>
                  {voucher.redeemedSession && <SessionLink session={voucher.redeemedSession} fz="xs" />}
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </PagedList>
    </AdminPage>
  );
}
