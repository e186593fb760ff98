import { Text, Textarea } from '@mantine/core';
import { rejectApplicationRequest, rejectionReasonMaxLength } from '@myprosper/contract/admin';
import { firstMessage } from '@myprosper/contract/validation';
import { useState } from 'react';
import { FormDialog, useFormSubmit } from './form-dialog.tsx';

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
  const { error, submit } = useFormSubmit();

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={`Reject ${applicantName}'s application`}
      boldTitle
      gap="md"
      error={error}
      submitLabel="Reject application"
      submitColor="red.8"
      isSubmitting={isSubmitting}
      isCancelLocked
      onSubmit={() =>
        submit(firstMessage(rejectApplicationRequest, { reason }), () => onReject(reason.trim()))
      }
    >
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
    </FormDialog>
  );
}
