import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { PaymentMode } from '@myprosper/contract/booking';
import { platformClockTime } from '@myprosper/contract/dates';
import type { Session } from '@myprosper/contract/sessions';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

export interface BookingResult {
  reference: string;
  session: Session;
  /** How the booker chose to pay (the payment step follows the booking). */
  paymentMode?: PaymentMode;
}

/** '22:25 EAT (Nairobi time)': the hold's end named in the platform's zone, whatever the browser's. */
function holdEnd(session: Session): string | null {
  if (!session.holdExpiresAt) return null;
  return `${platformClockTime(session.holdExpiresAt)} (Nairobi time)`;
}

/** After a booking: its reference number, how long the slot is held, and the way to the session page. */
export function BookingSuccessDialog({
  result,
  onClose,
}: {
  result: BookingResult | null;
  onClose: () => void;
}) {
  const until = result ? holdEnd(result.session) : null;
  return (
    <Modal
      opened={result !== null}
      onClose={onClose}
      title="Session booked"
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {result && (
        <Stack gap="sm">
          <Text>
            Your reference number is{' '}
            <Text span fw={700} ff="monospace">
              {result.reference}
            </Text>
            .
          </Text>
          {result.session.status === 'PENDING_PAYMENT' && until && (
            <Text>We hold this slot for you until {until}. Please pay before then to keep it.</Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button component={Link} to={paths.session(result.session.id)} data-autofocus>
              View session
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
