import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type BookingStatus, bookingStatuses } from '@myprosper/contract/sessions';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAdminSessions } from '../api/sessions.ts';
import { AdminPage, Pager, QueryView } from '../components/admin-page.tsx';
import { SessionTable } from '../components/session-table.tsx';
import { humanize } from '../lib/format.ts';

const pageSize = 25;

function positiveId(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** /admin/sessions: search by mentee, mentor, dates and status (?mentorId= / ?adviseeId= narrow to one person). */
export function SessionsPage() {
  const [params] = useSearchParams();
  const mentorId = positiveId(params.get('mentorId'));
  const adviseeId = positiveId(params.get('adviseeId'));
  const [person, setPerson] = useState('');
  const [mentor, setMentor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<BookingStatus | null>(null);
  const [page, setPage] = useState(1);
  const [typed] = useDebouncedValue({ person, mentor }, 300);
  const sessions = useAdminSessions({
    ...typed,
    mentorId,
    adviseeId,
    from: from || undefined,
    to: to || undefined,
    status: status ?? undefined,
    page,
    pageSize,
  });
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <AdminPage
      title="Sessions"
      description={
        mentorId || adviseeId
          ? 'The sessions of one person. Open a session to cancel it with a refund or correct a no-show.'
          : 'Open a session to cancel it with a refund or correct a no-show.'
      }
    >
      <Group mb="md" align="flex-end" gap="sm">
        <TextInput
          label="Mentee or reference"
          placeholder="Name, e-mail, phone or MPS-…"
          value={person}
          onChange={(e) => reset(setPerson)(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 180 }}
        />
        <TextInput
          label="Mentor"
          placeholder="Name or e-mail"
          value={mentor}
          onChange={(e) => reset(setMentor)(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 160 }}
        />
        <TextInput
          label="From"
          type="date"
          value={from}
          onChange={(e) => reset(setFrom)(e.currentTarget.value)}
        />
        <TextInput label="To" type="date" value={to} onChange={(e) => reset(setTo)(e.currentTarget.value)} />
        <Select
          label="Status"
          placeholder="Any"
          clearable
          w={170}
          data={bookingStatuses.map((value) => ({ value, label: humanize(value) }))}
          value={status}
          onChange={(value) => reset(setStatus)(value as BookingStatus | null)}
        />
      </Group>
      <QueryView query={sessions}>
        {(data) => (
          <>
            <SessionTable sessions={data.items} empty="No sessions found" />
            <Pager page={page} pageSize={pageSize} total={data.total} onChange={setPage} />
          </>
        )}
      </QueryView>
    </AdminPage>
  );
}
