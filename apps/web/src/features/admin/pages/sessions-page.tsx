import { useDebouncedValue } from '@mantine/hooks';
import { type BookingStatus, bookingStatuses } from '@myprosper/contract/sessions';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAdminSessions } from '../api/sessions.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { CodeFilter, DateRangeFields, FilterBar, SearchField } from '../components/list-filters.tsx';
import { PagedList, usePaging } from '../components/paged-list.tsx';
import { SessionTable } from '../components/session-table.tsx';

function positiveId(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** /admin/sessions: search by mentee, mentor, dates and status (?mentorId= / ?adviseeId= narrow to one person). */
export function SessionsPage() {
  const [params] = useSearchParams();
  const mentorId = positiveId(params.get('mentorId'));
  const adviseeId = positiveId(params.get('adviseeId'));
  const [person, setPerson] = useState(params.get('person') ?? '');
  const [mentor, setMentor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<BookingStatus | null>(null);
  const paging = usePaging();
  const [typed] = useDebouncedValue({ person, mentor }, 300);
  const sessions = useAdminSessions({
    ...typed,
    mentorId,
    adviseeId,
    from: from || undefined,
    to: to || undefined,
    status: status ?? undefined,
    page: paging.page,
    pageSize: paging.pageSize,
  });

  return (
    <AdminPage
      title="Sessions"
      description={
        mentorId || adviseeId
          ? 'The sessions of one person. Open a session to cancel it with a refund or correct a no-show.'
          : 'Open a session to cancel it with a refund or correct a no-show.'
      }
    >
      <FilterBar>
        <SearchField
          label="Mentee or reference"
          placeholder="Name, e-mail, phone or MPS-…"
          minWidth={180}
          value={person}
          onChange={paging.filtered(setPerson)}
        />
        <SearchField
          label="Mentor"
          placeholder="Name or e-mail"
          minWidth={160}
          value={mentor}
          onChange={paging.filtered(setMentor)}
        />
        <DateRangeFields
          from={from}
          to={to}
          onFromChange={paging.filtered(setFrom)}
          onToChange={paging.filtered(setTo)}
        />
        <CodeFilter w={170} codes={bookingStatuses} value={status} onChange={paging.filtered(setStatus)} />
      </FilterBar>
      <PagedList query={sessions} paging={paging}>
        {(items) => <SessionTable sessions={items} empty="No sessions found" />}
      </PagedList>
    </AdminPage>
  );
}
