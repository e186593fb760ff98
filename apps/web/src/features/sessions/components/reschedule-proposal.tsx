import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Session } from '@myprosper/contract/sessions';
import { useState } from 'react';
import { useAnswerReschedule } from '../api/answer-reschedule.ts';
import { awaitsMyAnswer, instantInWords, sessionWhen, type Viewer } from '../lib/session-view.ts';

/**
 * A proposed move of the session (issue 20): its new time for everyone; Accept and Decline for a paid mentee
 * whose answer it waits for (declining refunds them in full); the others see that it waits.
 */
export function RescheduleProposal({ session, viewer }: { session: Session; viewer: Viewer }) {
  const proposal = session.rescheduleProposal;
  const answer = useAnswerReschedule();
  const [isConfirmingDecline, setIsConfirmingDecline] = useState(false);
  if (!proposal) return null;
  const newTime = sessionWhen({ startTimeUtc: proposal.startTimeUtc, endTimeUtc: proposal.endTimeUtc });
  const isMine = awaitsMyAnswer(session, viewer);
  const send = (accept: boolean) => answer.mutate({ sessionId: session.id, proposalId: proposal.id, accept });

  return (
    <Alert color="blue" variant="light" title="A new time is proposed" role="status">
      <Stack gap="sm" align="flex-start">
        <Text fz="sm" fw={600} data-testid="proposed-time">
          {newTime} (East Africa Time)
        </Text>
        {isMine ? (
          <>
            <Text fz="sm">
              The session moves only if you accept. If you decline, your payment is refunded in full. Without
              an answer by {instantInWords(proposal.expiresAtUtc)}, it stays at its time.
            </Text>
            {isConfirmingDecline ? (
              <Group gap="sm">
                <Button color="red" loading={answer.isPending} onClick={() => send(false)}>
                  Decline and get a refund
                </Button>
                <Button variant="default" onClick={() => setIsConfirmingDecline(false)}>
                  Back
                </Button>
              </Group>
            ) : (
              <Group gap="sm">
                <Button loading={answer.isPending} onClick={() => send(true)}>
                  Accept new time
                </Button>
                <Button variant="default" onClick={() => setIsConfirmingDecline(true)}>
                  Decline
                </Button>
              </Group>
            )}
          </>
        ) : (
          <Text fz="sm">
            Waiting for the mentees who paid to accept it. Until then the session stays at its time;
            unanswered, the proposal lapses.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
