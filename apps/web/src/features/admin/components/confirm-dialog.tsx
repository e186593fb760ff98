import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useReturnFocus } from '../../../lib/use-return-focus.ts';

type ConfirmDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The button that closes the dialog and changes nothing. */
  keepLabel: string;
  confirmLabel: string;
  isConfirming: boolean;
  onConfirm: () => void;
  children: ReactNode;
};

/** Asks before a serious change (delete, suspend, cancel): what it does, then a way back and the red button. */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  keepLabel,
  confirmLabel,
  isConfirming,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  useReturnFocus(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {keepLabel}
          </Button>
          <Button color="red.8" loading={isConfirming} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A ConfirmDialog that also asks for a reason (optional): the explanation, then the reason's box. */
export function ReasonDialog({
  explanation,
  reasonLabel,
  reasonMaxLength,
  onConfirm,
  ...dialog
}: Omit<ConfirmDialogProps, 'children' | 'onConfirm'> & {
  explanation: ReactNode;
  reasonLabel: string;
  reasonMaxLength: number;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog {...dialog} onConfirm={() => void onConfirm(reason)}>
      <Text fz="sm">{explanation}</Text>
      <Textarea
        label={reasonLabel}
        autosize
        minRows={2}
        maxLength={reasonMaxLength}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
    </ConfirmDialog>
  );
}
