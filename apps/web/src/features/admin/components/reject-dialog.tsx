import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { rejectApplicationRequest, rejectionReasonMaxLength } from '@myprosper/contract/admin';
import { firstMessage } from '@myprosper/contract/validation';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';

/** Asks why an application is rejected (required; the applicant receives it by e-mail). */
export function RejectDialog({
  applicantName,
  opened,
  isSubmitting,
  onClose,
  onReject,
}: {
  applicantName: string;
  opened: boolean;
  isSubmitting: boolean;
  onClose: () => void;
  onReject: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const problem = firstMessage(rejectApplicationRequest, { reason });
    setError(problem);
    if (problem) return;
    await onReject(reason.trim());
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Reject ${applicantName}'s application`}
      centered
      styles={{ title: { fontWeight: 700 } }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text fz="sm">The reason is e-mailed to the applicant.</Text>
          <Textarea
            label="Reason"
            name="reason"
            required
            autosize
            minRows={3}
            maxLength={rejectionReasonMaxLength}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={Boolean(error)}
            data-autofocus
          />
          <FormError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" color="red.8" loading={isSubmitting}>
              Reject application
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
