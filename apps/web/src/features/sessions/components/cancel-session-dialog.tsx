import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { formatKes, paymentMessages, type RefundDestination } from '@myprosper/contract/payments';
import { refundMessages } from '@myprosper/contract/refunds';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useCancellationPolicy, useCancelSession } from '../api/cancel-session.ts';

/** 'Cancel session': the refund policy as it applies now, a reason, and the confirmation. */
export function CancelSessionDialog({
  sessionId,
  opened,
  onClose,
}: {
  sessionId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const policy = useCancellationPolicy(sessionId, opened);
  const cancel = useCancelSession();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refundTo, setRefundTo] = useState<RefundDestination | null>(null);
  const mpesaRefund = policy.data?.mpesaRefund ?? null;
  const destination = refundTo ?? mpesaRefund?.destination ?? 'WALLET';

  useEffect(() => {
    if (opened) {
      setReason('');
      setError(null);
      setRefundTo(null);
    }
  }, [opened]);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (reason.trim() === '') {
      setError(paymentMessages.giveReason);
      return;
    }
    setError(null);
    try {
      const response = await cancel.mutateAsync({
        sessionId,
        reason: reason.trim(),
        refundTo: mpesaRefund ? destination : undefined,
      });
      const refunded = response.data.refundedToYou;
      const toMpesa = response.data.toMpesa ?? 0;
      notify.success(
        toMpesa > 0 && mpesaRefund
          ? `${response.message}. ${refundMessages.sentToMpesa(toMpesa, mpesaRefund.phoneNumber)}${
              refunded > toMpesa ? ` ${formatKes(refunded - toMpesa)} was refunded to your wallet.` : ''
            }`
          : refunded > 0
            ? `${response.message}. ${formatKes(refunded)} was refunded to your wallet.`
            : response.message,
      );
      onClose();
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={() => !cancel.isPending && onClose()}
      title="Cancel session"
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {policy.isPending ? (
            <Group gap="sm">
              <Loader size="sm" />
              <Text fz="sm">Checking the cancellation policy…</Text>
            </Group>
          ) : policy.isError ? (
            <Alert color="red" variant="light" role="alert">
              {messages.loadError}
            </Alert>
          ) : (
            <Alert
              color={policy.data.fullRefund ? 'blue' : 'yellow'}
              variant="light"
              title="Cancellation policy"
            >
              {policy.data.text}
            </Alert>
          )}
          {policy.data?.canCancel && mpesaRefund ? (
            <Radio.Group
              label="Where should your refund go?"
              value={destination}
              onChange={(value) => setRefundTo(value as RefundDestination)}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="MPESA" label={refundMessages.toMpesa(mpesaRefund.phoneNumber)} />
                <Radio value="WALLET" label={refundMessages.toWallet} />
              </Stack>
              <Text fz="sm" c="dimmed" mt="xs" data-testid="refund-destination-detail">
                {destination === 'MPESA'
                  ? refundMessages.toMpesaDetail(mpesaRefund.amount, mpesaRefund.phoneNumber)
                  : refundMessages.toWalletDetail(policy.data.refund)}
              </Text>
            </Radio.Group>
          ) : null}
          {policy.data?.canCancel && policy.data.refundNote ? (
            <Text fz="sm">{policy.data.refundNote}</Text>
          ) : null}
          {policy.data && !policy.data.canCancel ? (
            <Text role="alert">{policy.data.problem}</Text>
          ) : (
            <Textarea
              label="Reason"
              placeholder="Let the others know why"
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setError(null);
              }}
              autosize
              minRows={3}
              maxLength={500}
              required
              data-autofocus
            />
          )}
          <FormError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
              Keep session
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending} disabled={!policy.data?.canCancel}>
              Cancel session
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
