import { Badge, Group, Stack, Text } from '@mantine/core';
import type { SessionAttendee } from '@myprosper/contract/sessions';

function attendeeName(attendee: SessionAttendee): string {
  if (attendee.advisee?.name) return attendee.advisee.name;
  if (attendee.phoneNumber) return `+${attendee.phoneNumber.replace(/^\+/, '')}`;
  return attendee.email ?? 'Invited guest';
}

/** A group's attendees, host first, with their invitation status: ACCEPTED green, PENDING red. */
export function AttendeeList({ attendees, viewerId }: { attendees: SessionAttendee[]; viewerId: number }) {
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {attendees.map((attendee, index) => (
        <Group
          key={attendee.adviseeId ?? attendee.phoneNumber ?? index}
          component="li"
          justify="space-between"
          wrap="nowrap"
          gap="xs"
        >
          <Text miw={0} style={{ overflowWrap: 'anywhere' }}>
            {attendeeName(attendee)}
            {attendee.adviseeId === viewerId && ' (you)'}
            {attendee.isHost && (
              <Text span c="dimmed" fz="sm">
                {' '}
                · host
              </Text>
            )}
          </Text>
          <Badge
            color={attendee.invitationStatus === 'ACCEPTED' ? 'green' : 'red'}
            variant="light"
            radius="sm"
            style={{ flexShrink: 0 }}
          >
            {attendee.invitationStatus}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}
