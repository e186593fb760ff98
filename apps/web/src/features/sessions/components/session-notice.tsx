import { Alert, Button, Stack, Text } from '@mantine/core';
import { platformClockTime } from '@myprosper/contract/dates';
import { type Session, sessionMessages } from '@myprosper/contract/sessions';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { owesPayment, type Viewer } from '../lib/session-view.ts';

/** '22:25 EAT (Nairobi time)': named in the platform's zone, whatever the browser's. */
function clockTime(iso: string): string {
  return `${platformClockTime(iso)} (Nairobi time)`;
}

/** Where the booking stands when it needs attention: an expired hold, a cancellation, a payment due. */
export function SessionNotice({ session, viewer }: { session: Session; viewer: Viewer }) {
  if (session.status === 'EXPIRED') {
    return (
      <Alert color="gray" variant="light" title="This booking has expired" role="status">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">
            The slot was held for payment and no payment arrived in time, so it has been released. Nothing was
            charged.
          </Text>
          {!viewer.isAdvisor && (
            <Button component={Link} to={paths.book(session.advisor.id)} size="sm">
              Book again
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (session.mentorNoShow) {
    return (
      <Alert color="red" variant="light" title={sessionMessages.mentorDidNotAttend} role="status">
        <Text fz="sm">
          {viewer.isAdvisor
            ? 'You were not in the call long enough, so the session ended and your mentees were refunded in full. It is not paid.'
            : `${session.advisor.name} did not come to the call, so the session ended and you were refunded in full.`}
        </Text>
      </Alert>
    );
  }
  if (session.status === 'CANCELLED') {
    return (
      <Alert color="red" variant="light" title="This session was cancelled" role="status">
        <Text fz="sm">It no longer takes place.</Text>
      </Alert>
    );
  }
  if (!viewer.isAdvisor && session.yourInvitation?.invitationStatus === 'DECLINED') {
    return (
      <Alert color="gray" variant="light" title="You declined this invitation" role="status">
        <Text fz="sm">{session.advisee.name} was told. Nothing of yours was added to this session.</Text>
      </Alert>
    );
  }
  if (owesPayment(session, viewer)) {
    return (
      <Alert color="yellow" variant="light" title="Awaiting payment" role="status">
        <Text fz="sm">
          {session.holdExpiresAt
            ? `We hold this slot for you until ${clockTime(session.holdExpiresAt)}. Please pay before then to keep it.`
            : 'Please pay for your part of this session to keep your place.'}
        </Text>
      </Alert>
    );
  }
  return null;
}
