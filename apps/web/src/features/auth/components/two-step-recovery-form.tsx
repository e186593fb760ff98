import { Alert, Button, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import type { ResetLinkParts } from '@myprosper/contract/auth';
import { twoStepMessages, twoStepRecoveryRequest } from '@myprosper/contract/two-step';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/notify.ts';
import { useRequestTwoStepRecovery } from '../api/two-step.ts';

/**
 * Under the reset form: an owner who cannot give a two-step code (a lost phone, or a second factor someone else
 * turned on) asks an admin to turn it off. The reset link proves the mailbox; an admin decides and e-mails back.
 */
export function TwoStepRecoveryForm({ parts }: { parts: ResetLinkParts }) {
  const [isOpen, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const request = useRequestTwoStepRecovery();

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const checked = twoStepRecoveryRequest.safeParse({ ...parts, reason });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? twoStepMessages.recoveryReasonNeeded);
      return;
    }
    setError(null);
    try {
      setDone((await request.mutateAsync(checked.data)).message);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  if (done) {
    return (
      <Alert color="teal" role="status" title="Request sent">
        {done}
      </Alert>
    );
  }
  if (!isOpen) {
    return (
      <Text ta="center" fz="sm">
        <UnstyledButton
          onClick={() => setOpen(true)}
          fz="sm"
          fw={600}
          c="brand.7"
          td="underline"
          aria-expanded={false}
        >
          Cannot use two-step sign-in?
        </UnstyledButton>
      </Text>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Ask to turn off two-step sign-in">
      <Stack gap="sm">
        <Text fz="sm">
          If you lost your authenticator app and recovery codes, or did not turn two-step sign-in on yourself,
          tell us what happened. An admin will check and e-mail you.
        </Text>
        <Textarea
          label="What happened?"
          name="reason"
          autosize
          minRows={3}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={error}
        />
        <Button type="submit" variant="light" fullWidth loading={request.isPending}>
          Ask an admin to turn it off
        </Button>
      </Stack>
    </form>
  );
}
