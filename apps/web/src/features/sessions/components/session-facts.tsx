import { Avatar, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { Session } from '@myprosper/contract/sessions';
import { useId } from 'react';
import { isPaidForViewer, type Viewer } from '../lib/session-view.ts';
import { AttendeeList } from './attendee-list.tsx';

const formatKes = (amount: number) => `KES ${amount.toLocaleString('en-KE')}`;

/** Who takes part (mentees see their mentor, mentors the mentee; groups list every attendee). */
export function SessionPeople({ session, viewer }: { session: Session; viewer: Viewer }) {
  const headingId = useId();
  const isGroup = session.sessionType === 'GROUP';
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        {isGroup ? 'People' : viewer.isAdvisor ? 'Mentee' : 'Mentor'}
      </Title>
      <Stack gap="md">
        {viewer.isAdvisor ? (
          !isGroup && (
            <Person name={session.advisee.name} picture={session.advisee.profilePicUrl} label={null} />
          )
        ) : (
          <Person
            name={session.advisor.name}
            picture={session.advisor.advisorDetails.profilePicUrl}
            label={isGroup ? 'Mentor' : null}
          />
        )}
        {isGroup && (
          <div>
            <Text fw={600} fz="sm" mb={6}>
              Attendees
            </Text>
            <AttendeeList attendees={session.groupSessionAttendees} viewerId={viewer.userId} />
          </div>
        )}
      </Stack>
    </Card>
  );
}

function Person({ name, picture, label }: { name: string; picture: string | null; label: string | null }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={picture} alt="" name={name} color="initials" size={48} radius={48} />
      <div>
        <Text fw={600}>{name}</Text>
        {label && (
          <Text fz="sm" c="dimmed">
            {label}
          </Text>
        )}
      </div>
    </Group>
  );
}

/** Reference, type, price and payment status. */
export function BookingFacts({ session, viewer }: { session: Session; viewer: Viewer }) {
  const own = session.groupSessionAttendees.find((attendee) => attendee.adviseeId === viewer.userId);
  const rows: [string, string][] = [
    ['Reference', session.reference],
    ['Session', session.sessionType === 'GROUP' ? 'Group' : 'Individual'],
    ['Price', formatKes(session.amount)],
  ];
  if (own && !viewer.isAdvisor) rows.push(['Your share', formatKes(own.amount)]);
  rows.push(['Payment', isPaidForViewer(session, viewer) ? 'Paid' : 'Not paid']);
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        Booking
      </Title>
      <Table variant="vertical" layout="fixed" fz="sm">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={110}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** The booker's note to the mentor (the booking statement's), shown to the mentor and the booker. */
export function SessionNote({ session, viewer }: { session: Session; viewer: Viewer }) {
  const headingId = useId();
  if (!session.note) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        {viewer.isAdvisor ? `Note from ${session.advisee.name}` : 'Your note to the mentor'}
      </Title>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{session.note}</Text>
    </Card>
  );
}
