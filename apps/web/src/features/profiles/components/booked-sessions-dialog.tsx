import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  advisorSettingsMessages,
  type BookedSessionInHours,
  type BookedSessionsChoice,
} from '@myprosper/contract/advisor-settings';
import { formatDateChip } from '@myprosper/contract/dates';

function whenOf(session: BookedSessionInHours): string {
  const [date, time] = session.startTime.split('T');
  return `${formatDateChip(date ?? '')} at ${(time ?? '').slice(0, 5)}`;
}

/**
 * Hours or dates a mentor takes away hold booked sessions (issue 20): they are listed, and the mentor cancels
 * them (every mentee refunded in full and told) or keeps these hours for them. Closing changes nothing.
 */
export function BookedSessionsDialog({
  sessions,
  isSaving,
  onChoose,
  onClose,
}: {
  sessions: readonly BookedSessionInHours[] | null;
  isSaving: boolean;
  onChoose: (choice: BookedSessionsChoice) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={sessions !== null} onClose={onClose} title="Sessions are booked in these hours" centered>
      <Stack gap="sm">
        <Text fz="sm">{advisorSettingsMessages.bookedSessionsFound}</Text>
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Booked sessions">
          {(sessions ?? []).map((session) => (
            <Text component="li" key={session.id} fz="sm">
              <strong>{whenOf(session)}</strong> · {session.topic} · {session.reference}
              {session.paid ? '' : ' (not paid yet)'}
            </Text>
          ))}
        </Stack>
        <Group gap="sm" justify="flex-end" wrap="wrap">
          <Button variant="default" onClick={() => onChoose('KEEP')} disabled={isSaving}>
            Keep these hours
          </Button>
          <Button color="red" onClick={() => onChoose('CANCEL')} loading={isSaving}>
            Cancel these sessions
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
