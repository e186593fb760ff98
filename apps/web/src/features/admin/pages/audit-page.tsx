import { Code, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useAuditLog } from '../api/audit.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { DataTable } from '../components/data-table.tsx';
import { CodeFilter } from '../components/list-filters.tsx';
import { PagedList, usePaging } from '../components/paged-list.tsx';
import { formatDateTime, humanize } from '../lib/format.ts';

const entities = ['user', 'topic', 'pricing', 'faq', 'testimonial', 'session', 'payment', 'payout'];

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Text c="dimmed">—</Text>;
  return (
    <Code block fz="xs" style={{ maxWidth: 360, maxHeight: 160, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
      {JSON.stringify(value, null, 1)}
    </Code>
  );
}

/** /admin/audit: every admin action, who did it and when, with the state before and after. */
export function AuditPage() {
  const [entity, setEntity] = useState<string | null>(null);
  const paging = usePaging(50);
  const audit = useAuditLog({ entity: entity ?? undefined, page: paging.page, pageSize: paging.pageSize });
  return (
    <AdminPage title="Audit log" description="What admins changed, newest first.">
      <CodeFilter
        label="What"
        placeholder="Everything"
        w={200}
        mb="md"
        codes={entities}
        value={entity}
        onChange={paging.filtered(setEntity)}
      />
      <PagedList query={audit} paging={paging} empty="Nothing recorded yet">
        {(items) => (
          <DataTable
            minWidth={900}
            striped
            head={
              <>
                <Table.Th>When</Table.Th>
                <Table.Th>Admin</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Before</Table.Th>
                <Table.Th>After</Table.Th>
              </>
            }
          >
            {items.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{formatDateTime(entry.at)}</Table.Td>
                <Table.Td>{entry.actor?.name ?? '—'}</Table.Td>
                <Table.Td>
                  <Text fz="sm" fw={600}>
                    {humanize(entry.action)}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {entry.entityId === null ? entry.entity : `${entry.entity} #${entry.entityId}`}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Json value={entry.before} />
                </Table.Td>
                <Table.Td>
                  <Json value={entry.after} />
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </PagedList>
    </AdminPage>
  );
}
