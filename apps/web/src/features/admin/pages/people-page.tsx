import { Anchor, Avatar, Group, Select, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type AccountStatus, accountStatuses, type ManagedRole } from '@myprosper/contract/admin-people';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useUsers } from '../api/users.ts';
import { AdminPage, EmptyState, Pager, QueryView } from '../components/admin-page.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { formatDate, humanize } from '../lib/format.ts';

const pageSize = 25;

function PeopleList({ kind }: { kind: ManagedRole }) {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text, 300);
  const [status, setStatus] = useState<AccountStatus | null>(null);
  const [page, setPage] = useState(1);
  const users = useUsers({ role: kind, query, status: status ?? undefined, page, pageSize });
  const noun = kind === 'ADVISOR' ? 'mentors' : 'advisees';

  return (
    <>
      <Group mb="md" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Name, e-mail or phone"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Select
          label="Status"
          placeholder="Any"
          clearable
          data={accountStatuses.map((value) => ({ value, label: humanize(value) }))}
          value={status}
          onChange={(value) => {
            setStatus(value as AccountStatus | null);
            setPage(1);
          }}
          w={180}
        />
      </Group>
      <QueryView query={users}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState>No {noun} found</EmptyState>
          ) : (
            <>
              <Table.ScrollContainer minWidth={640}>
                <Table striped highlightOnHover verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>E-mail</Table.Th>
                      <Table.Th>Phone</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th ta="right">Sessions</Table.Th>
                      <Table.Th>Joined</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((user) => (
                      <Table.Tr key={user.id}>
                        <Table.Td>
                          <Group gap="sm" wrap="nowrap">
                            <Avatar src={user.profilePicUrl} alt="" size="sm" name={user.name} />
                            <Anchor component={Link} to={paths.adminUser(user.id)} fw={600}>
                              {user.name}
                            </Anchor>
                          </Group>
                        </Table.Td>
                        <Table.Td>{user.email}</Table.Td>
                        <Table.Td>{user.phoneNumber ?? '—'}</Table.Td>
                        <Table.Td>
                          <StatusBadge status={user.status} />
                        </Table.Td>
                        <Table.Td ta="right">{user.sessionCount}</Table.Td>
                        <Table.Td>{formatDate(user.createdAt)}</Table.Td>
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
    </>
  );
}

/** /admin/mentors */
export function MentorsPage() {
  return (
    <AdminPage title="Mentors" description="Find a mentor to view, suspend or reactivate.">
      <PeopleList kind="ADVISOR" />
    </AdminPage>
  );
}

/** /admin/advisees */
export function AdviseesPage() {
  return (
    <AdminPage title="Advisees" description="Find an advisee to view, suspend or reactivate.">
      <PeopleList kind="ADVISEE" />
    </AdminPage>
  );
}
