import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { paymentMessages } from '@myprosper/contract/payments';
import type { ReactNode } from 'react';

export type PaymentProgress =
  | { state: 'waiting' }
  | { state: 'paid' }
  | { state: 'failed'; reason: string }
  /** Paid, but the money went to the wallet instead (e.g. the slot was taken meanwhile). */
  | { state: 'kept'; note: string };

/**
 * After an M-PESA push: the spec's 'Payment initiation successful. Please refresh the page after making
 * payment.' with a Refresh button; the caller polls meanwhile and says when the payment arrived or failed.
 */
export function PaymentInfoDialog({
  opened,
  progress,
  isRefreshing,
  onRefresh,
  onClose,
  children,
  paidText = 'Your payment has been received and your session is paid.',
}: {
  opened: boolean;
  progress: PaymentProgress;
  isRefreshing: boolean;
  onRefresh: () => void;
  onClose: () => void;
  /** More actions once paid (e.g. View session). */
  children?: ReactNode;
  /** What was paid for, once paid (a session by default). */
  paidText?: string;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Payment"
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Text>{paymentMessages.initiated}</Text>
        {progress.state === 'waiting' && (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text fz="sm">Waiting for your M-PESA payment…</Text>
          </Group>
        )}
        {progress.state === 'paid' && (
          <Alert color="green" variant="light" role="status" title="Payment received">
            {paidText}
          </Alert>
        )}
        {progress.state === 'kept' && (
          <Alert color="yellow" variant="light" role="status" title="Payment received">
            {progress.note}
          </Alert>
        )}
        {progress.state === 'failed' && (
          <Alert color="red" variant="light" role="alert" title="Payment not completed">
            {progress.reason}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {progress.state !== 'paid' && (
            <Button onClick={onRefresh} loading={isRefreshing}>
              Refresh
            </Button>
          )}
          {children}
        </Group>
      </Stack>
    </Modal>
  );
}
