import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Session } from '@myprosper/contract/sessions';
import { useState } from 'react';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useDeclineInvitation } from '../api/decline-invitation.ts';
import type { Viewer } from '../lib/session-view.ts';

function invitationText(session: Session): string {
  return `${session.advisee.name} invited you to a group session on ${session.topic.name} with ${session.advisor.name}.`;
}

/** Accept and Decline, side by side; either one reloads the session. */
function AnswerButtons({ session, viewer }: { session: Session; viewer: Viewer }) {
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const busy = accept.isPending || decline.isPending;
  return (
    <>
      <Button
        variant="default"
        color="red"
        onClick={() => decline.mutate({ sessionId: session.id })}
        loading={decline.isPending}
        disabled={busy && !decline.isPending}
      >
        Decline
      </Button>
      <Button
        onClick={() => accept.mutate({ adviseeId: viewer.userId, sessionId: session.id })}
        loading={accept.isPending}
        disabled={busy && !accept.isPending}
      >
        Accept invitation
      </Button>
    </>
  );
}

/**
 * Spec 4: a group attendee who is not the host and whose invitation is PENDING is asked to accept it when the
 * session page opens. Accepting or declining reloads the session; 'Not now' closes the dialog, and the same
 * answer stays on the page (someone who found the invitation under Sessions answers it here).
 */
export function InvitationDialog({ session, viewer }: { session: Session; viewer: Viewer }) {
  const [opened, setOpened] = useState(true);

  return (
    <>
      <Alert color="blue" variant="light" title="You are invited" role="status">
        <Stack gap="sm">
          <Text fz="sm">{invitationText(session)}</Text>
          <Group gap="sm">
            <AnswerButtons session={session} viewer={viewer} />
          </Group>
        </Stack>
      </Alert>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Session invitation" centered>
        <Text>{invitationText(session)}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="subtle" onClick={() => setOpened(false)}>
            Not now
          </Button>
          <AnswerButtons session={session} viewer={viewer} />
        </Group>
      </Modal>
    </>
  );
}
