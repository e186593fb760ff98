import { Avatar, Group, Table } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type AccountStatus, accountStatuses, type ManagedRole } from '@myprosper/contract/admin-people';
import { useState } from 'react';
import { EmailText } from '../../../components/email-text.tsx';
import { useUsers } from '../api/users.ts';
import { PersonLink } from '../components/admin-links.tsx';
import { AdminPage } from '../components/admin-page.tsx';
import { DataTable } from '../components/data-table.tsx';
import { CodeFilter, FilterBar, SearchField } from '../components/list-filters.tsx';
import { PagedList, usePaging } from '../components/paged-list.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { formatDate } from '../lib/format.ts';

function PeopleList({ kind }: { kind: ManagedRole }) {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text, 300);
  const [status, setStatus] = useState<AccountStatus | null>(null);
  const paging = usePaging();
  const users = useUsers({
    role: kind,
    query,
    status: status ?? undefined,
    page: paging.page,
    pageSize: paging.pageSize,
  });
  const noun = kind === 'ADVISOR' ? 'mentors' : 'advisees';

  return (
    <>
      <FilterBar gap="md">
        <SearchField
          placeholder="Name, e-mail or phone"
          minWidth={200}
          value={text}
          onChange={paging.filtered(setText)}
        />
        <CodeFilter w={180} codes={accountStatuses} value={status} onChange={paging.filtered(setStatus)} />
      </FilterBar>
      <PagedList query={users} paging={paging} empty={`No ${noun} found`}>
        {(items) => (
          <DataTable
            minWidth={640}
            striped
            highlightOnHover
            head={
              <>
                <Table.Th>Name</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Sessions</Table.Th>
                <Table.Th>Joined</Table.Th>
              </>
            }
          >
            {items.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={user.profilePicUrl} alt="" size="sm" name={user.name} />
                    <PersonLink person={user} />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <EmailText email={user.email} />
                </Table.Td>
                <Table.Td>{user.phoneNumber ?? '—'}</Table.Td>
                <Table.Td>
                  <StatusBadge status={user.status} />
                </Table.Td>
                <Table.Td ta="right">{user.sessionCount}</Table.Td>
                <Table.Td>{formatDate(user.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </PagedList>
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
