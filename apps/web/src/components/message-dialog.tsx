import { Button, Group, Modal, Text } from '@mantine/core';

/** A small dialog with a title, a message and one OK button (Email Sent, session expired, success). */
export function MessageDialog({
  opened,
  title,
  message,
  onOk,
  closeOnOutside = true,
}: {
  opened: boolean;
  title: string;
  message: string;
  onOk: () => void;
  /** false when the only way out is OK (the session-expired dialog). */
  closeOnOutside?: boolean;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onOk}
      title={title}
      centered
      withCloseButton={closeOnOutside}
      closeOnClickOutside={closeOnOutside}
      closeOnEscape={closeOnOutside}
      zIndex={400}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onOk} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
