import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { formatKes, paymentMessages } from '@myprosper/contract/payments';
import { type ReactNode, useState } from 'react';
// Part of the pages that pay (already loaded lazily): its own chunk would add a name to the shell's list.
import PaybillDialog from './paybill-dialog.tsx';

/** What was paid and how, once a payment is detected. */
export interface PaidDetails {
  amount: number;
  /** 'M-PESA', 'M-PESA Paybill', 'card' */
  method: string;
  receipt: string | null;
}

export type PaymentProgress =
  | { state: 'waiting' }
  | { state: 'paid'; paid?: PaidDetails }
  | { state: 'failed'; reason: string }
  /** Paid, but the money went to the wallet instead (e.g. the slot was taken meanwhile). */
  | { state: 'kept'; note: string };

/** 'KES 2,900 paid by M-PESA, receipt QK12ABC3XY.' */
export function paidSentence(paid: PaidDetails): string {
  return `${formatKes(paid.amount)} paid by ${paid.method}${paid.receipt ? `, receipt ${paid.receipt}` : ''}.`;
}

/**
 * After an M-PESA push: the spec's 'Payment initiation successful. Please refresh the page after making
 * payment.' with a Refresh button while the payment is awaited (the caller polls meanwhile). Once it is
 * detected, what was paid and how instead; after a failure, Try again. For a session, Pay with Paybill is
 * offered while the prompt is awaited or after it failed (a prompt that never comes, an old SIM).
 */
export function PaymentInfoDialog({
  opened,
  progress,
  isRefreshing,
  onRefresh,
  onTryAgain,
  paybillSessionId,
  onClose,
  children,
  paidText = 'Your payment has been received and your session is paid.',
}: {
  opened: boolean;
  progress: PaymentProgress;
  isRefreshing: boolean;
  onRefresh: () => void;
  /** After a failure: ask again (the phone dialog). Without it, Refresh stays. */
  onTryAgain?: () => void;
  /** The session the payment is for: Pay with Paybill is offered. */
  paybillSessionId?: number;
  onClose: () => void;
  /** More actions once paid (e.g. View session). */
  children?: ReactNode;
  /** What was paid for, once paid (a session by default). */
  paidText?: string;
}) {
  const [isPaybillOpen, setPaybillOpen] = useState(false);
  const canPaybill =
    paybillSessionId !== undefined && (progress.state === 'waiting' || progress.state === 'failed');
  return (
    <>
      <Modal
        opened={opened && !isPaybillOpen}
        onClose={onClose}
        title="Payment"
        centered
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <Stack gap="md">
          {progress.state === 'waiting' && (
            <>
              <Text>{paymentMessages.initiated}</Text>
              <Group gap="sm" role="status">
                <Loader size="sm" />
                <Text fz="sm">Waiting for your M-PESA payment…</Text>
              </Group>
            </>
          )}
          {progress.state === 'paid' && (
            <Alert color="green" variant="light" role="status" title="Payment received">
              {progress.paid ? `${paidSentence(progress.paid)} ` : ''}
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
          {canPaybill && (
            <Text fz="sm">
              {progress.state === 'waiting' ? 'No prompt on your phone? ' : 'Prompts not working? '}
              You can pay from the M-PESA menu instead.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            {canPaybill && (
              <Button variant="light" onClick={() => setPaybillOpen(true)}>
                Pay with Paybill
              </Button>
            )}
            {progress.state === 'failed' && onTryAgain ? (
              <Button onClick={onTryAgain}>Try again</Button>
            ) : (
              progress.state !== 'paid' &&
              progress.state !== 'kept' && (
                <Button onClick={onRefresh} loading={isRefreshing}>
                  Refresh
                </Button>
              )
            )}
            {children}
          </Group>
        </Stack>
      </Modal>
      {paybillSessionId !== undefined && isPaybillOpen && (
        <PaybillDialog
          opened={opened && isPaybillOpen}
          sessionId={paybillSessionId}
          onClose={() => {
            setPaybillOpen(false);
            onRefresh();
          }}
        />
      )}
    </>
  );
}
