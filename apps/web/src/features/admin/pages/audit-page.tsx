import { Code, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useAuditLog } from '../api/audit.ts';
import { AdminPage, EmptyState, Pager, QueryView } from '../components/admin-page.tsx';
import { formatDateTime, humanize } from '../lib/format.ts';

const pageSize = 50;
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
  const [page, setPage] = useState(1);
  const audit = useAuditLog({ entity: entity ?? undefined, page, pageSize });
  return (
    <AdminPage title="Audit log" description="What admins changed, newest first.">
      <Select
        label="What"
        placeholder="Everything"
        clearable
        w={200}
        mb="md"
        data={entities.map((value) => ({ value, label: humanize(value) }))}
        value={entity}
        onChange={(value) => {
          setEntity(value);
          setPage(1);
        }}
      />
      <QueryView query={audit}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState>Nothing recorded yet</EmptyState>
          ) : (
            <>
              <Table.ScrollContainer minWidth={900}>
                <Table striped verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>When</Table.Th>
                      <Table.Th>Admin</Table.Th>
                      <Table.Th>Action</Table.Th>
                      <Table.Th>Before</Table.Th>
                      <Table.Th>After</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((entry) => (
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
