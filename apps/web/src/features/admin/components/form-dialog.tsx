import { Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/notify.ts';
import { useReturnFocus } from '../../../lib/use-return-focus.ts';

/**
 * The error line of a dialog's form and its submit: nothing is sent while the form has a problem (the
 * first one is shown); then what the server answered, when it refused, is shown instead.
 */
export function useFormSubmit() {
  const [error, setError] = useState<string | null>(null);

  async function submit(problem: string | null, send: () => Promise<void>): Promise<void> {
    setError(problem);
    if (problem) return;
    try {
      await send();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return { error, submit };
}

/**
 * Which item an editor dialog is open for: none (closed), a new one (`open(null)`) or an existing one.
 * `key` gives the editor a fresh state each time it opens.
 */
export function useEditorState<T extends { id: number }>(newKey = 'new') {
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  return {
    item: editing?.item ?? null,
    opened: editing !== null,
    key: editing ? (editing.item?.id ?? newKey) : 'closed',
    open: (item: T | null) => setEditing({ item }),
    close: () => setEditing(null),
  };
}

/** A dialog around a form: its fields, the form's error, then Cancel and the submit button. */
export function FormDialog({
  opened,
  onClose,
  title,
  size,
  boldTitle = false,
  gap = 'sm',
  error,
  submitLabel,
  submitColor,
  isSubmitting,
  isCancelLocked = false,
  onSubmit,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  boldTitle?: boolean;
  gap?: 'sm' | 'md';
  error: string | null;
  submitLabel: string;
  /** The submit button's colour when it is not the usual one (a red 'Reject'). */
  submitColor?: string;
  isSubmitting: boolean;
  /** true: Cancel is disabled while the form is being sent. */
  isCancelLocked?: boolean;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  useReturnFocus(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
      styles={boldTitle ? { title: { fontWeight: 700 } } : undefined}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
        noValidate
      >
        <Stack gap={gap}>
          {children}
          <FormError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isCancelLocked && isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" color={submitColor} loading={isSubmitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
