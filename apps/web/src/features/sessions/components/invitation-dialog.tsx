import { Button, Group, Modal, Text } from '@mantine/core';
import type { Session } from '@myprosper/contract/sessions';
import { useState } from 'react';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import type { Viewer } from '../lib/session-view.ts';

/**
 * Spec 4: a group attendee who is not the host and whose invitation is PENDING is asked to accept it when the
 * session page opens. Accepting reloads the session; 'Not now' closes the dialog until the next visit.
 */
export function InvitationDialog({ session, viewer }: { session: Session; viewer: Viewer }) {
  const [opened, setOpened] = useState(true);
  const accept = useAcceptInvitation();

  const onAccept = () => accept.mutate({ adviseeId: viewer.userId, sessionId: session.id });

  return (
    <Modal opened={opened} onClose={() => setOpened(false)} title="Session invitation" centered>
      <Text>
        {session.advisee.name} invited you to a group session on {session.topic.name} with{' '}
        {session.advisor.name}.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => setOpened(false)}>
          Not now
        </Button>
        <Button onClick={onAccept} loading={accept.isPending}>
          Accept invitation
        </Button>
      </Group>
    </Modal>
  );
}
