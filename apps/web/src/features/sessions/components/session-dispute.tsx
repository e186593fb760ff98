import { Alert, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { type DisputeState, disputeRequest } from '@myprosper/contract/payouts';
import type { Session } from '@myprosper/contract/sessions';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useReturnFocus } from '../../../lib/use-return-focus.ts';
import { useDisputeState, useOpenDispute } from '../api/dispute.ts';
import { instantInWords, isPaidForViewer, type Viewer } from '../lib/session-view.ts';

const outcomes = {
  OPEN: {
    color: 'yellow',
    title: 'You reported a problem',
    text: 'We are looking into it. The mentor is not paid for this session until we have decided.',
  },
  RELEASED: {
    color: 'gray',
    title: 'We looked into your report',
    text: 'We decided the mentor is paid for this session.',
  },
  REFUNDED: {
    color: 'teal',
    title: 'We looked into your report and refunded you',
    text: 'What you paid for this session went back the way you paid it.',
  },
} as const;

function ReportDialog({
  sessionId,
  opened,
  onClose,
}: {
  sessionId: number;
  opened: boolean;
  onClose: () => void;
}) {
  useReturnFocus(opened);
  const open = useOpenDispute(sessionId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const checked = disputeRequest.safeParse({ reason });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    try {
      const answer = await open.mutateAsync(checked.data);
      notify.success(answer.message);
      onClose();
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Report a problem" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text fz="sm">
            Tell us what went wrong. We look into it before the mentor is paid for this session, and may
            refund you.
          </Text>
          <Textarea
            label="What went wrong?"
            name="reason"
            required
            autosize
            minRows={3}
            maxLength={1000}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            error={error !== null}
          />
          <FormError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={open.isPending}>
              Send report
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DisputeOutcome({ dispute }: { dispute: NonNullable<DisputeState['dispute']> }) {
  const outcome = outcomes[dispute.status];
  return (
    <Alert color={outcome.color} variant="light" title={outcome.title} data-testid="session-dispute">
      <Text fz="sm">{outcome.text}</Text>
      <Text fz="sm" mt={4}>
        Your report ({instantInWords(dispute.openedAt)}): “{dispute.reason}”
      </Text>
    </Alert>
  );
}

/**
 * A paying mentee's way to dispute an ended session (issue 21): "Report a problem" while the window after the
 * end is open (its closing time shown), a dialog for the reason, then the dispute's state. Mentors and
 * people who did not pay see nothing.
 */
export function SessionDispute({ session, viewer }: { session: Session; viewer: Viewer }) {
  const [isReporting, setIsReporting] = useState(false);
  const headingId = useId();
  const isEnded = new Date(session.endTimeUtc).getTime() <= Date.now();
  const mayAsk =
    !viewer.isAdvisor && session.status === 'CONFIRMED' && isEnded && isPaidForViewer(session, viewer);
  const state = useDisputeState(session.id, mayAsk);
  if (!mayAsk || !state.data) return null;
  if (state.data.dispute) return <DisputeOutcome dispute={state.data.dispute} />;
  if (!state.data.canDispute || !state.data.disputeUntil) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb={4}>
        Something wrong with this session?
      </Title>
      <Text fz="sm" mb="sm">
        You can report a problem until {instantInWords(state.data.disputeUntil)} (East Africa Time). The
        mentor is not paid for this session until we have looked into it.
      </Text>
      <Button variant="light" color="red" onClick={() => setIsReporting(true)}>
        Report a problem
      </Button>
      <ReportDialog
        key={String(isReporting)}
        sessionId={session.id}
        opened={isReporting}
        onClose={() => setIsReporting(false)}
      />
    </Card>
  );
}
