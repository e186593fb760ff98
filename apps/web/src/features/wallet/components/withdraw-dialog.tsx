import { Alert, Button, Group, Loader, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { formatKes } from '@myprosper/contract/payments';
import { refundMessages, withdrawalQuote } from '@myprosper/contract/refunds';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { newRequestId, useWithdraw, useWithdrawalRules } from '../api/withdrawals.ts';

/** 'Withdraw to M-PESA': the amount, the fee and the number it goes to, said before confirming. */
export function WithdrawDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const rules = useWithdrawalRules(opened);
  const withdraw = useWithdraw();
  const [amount, setAmount] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);

  useEffect(() => {
    if (opened) {
      setAmount('');
      setError(null);
      setRequestId(newRequestId());
    }
  }, [opened]);

  const data = rules.data;
  const quote = data && amount !== '' ? withdrawalQuote(Number(amount), data.balance, data) : null;

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (!data) return;
    const checked = withdrawalQuote(amount === '' ? 0 : Number(amount), data.balance, data);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    try {
      const response = await withdraw.mutateAsync({ amount: Number(amount), requestId });
      notify.success(`${response.message}. ${response.data.text}`);
      onClose();
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={() => !withdraw.isPending && onClose()}
      title="Withdraw to M-PESA"
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {rules.isPending ? (
        <Group gap="sm">
          <Loader size="sm" />
          <Text fz="sm">Loading…</Text>
        </Group>
      ) : rules.isError || !data ? (
        <Alert color="red" variant="light" role="alert">
          {messages.loadError}
        </Alert>
      ) : !data.phoneNumber ? (
        <Alert color="yellow" variant="light" role="alert">
          {refundMessages.verifyPhoneFirst}
        </Alert>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <Text fz="sm">
              {`Your wallet holds ${formatKes(data.balance)}. You can withdraw from ${formatKes(data.minimum)}; the fee is ${formatKes(data.fee)} per withdrawal.`}
            </Text>
            <NumberInput
              label="Amount (KES)"
              value={amount}
              onChange={(value) => {
                setAmount(typeof value === 'number' ? value : '');
                setError(null);
              }}
              min={0}
              max={data.balance}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              required
              data-autofocus
            />
            {quote?.ok ? (
              <Alert color="blue" variant="light" data-testid="withdraw-summary">
                {refundMessages.withdrawalSummary(Number(amount), data.fee, data.phoneNumber)}
              </Alert>
            ) : null}
            <FormError message={error ?? (quote && !quote.ok ? quote.message : null)} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={withdraw.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={withdraw.isPending} disabled={!quote?.ok}>
                Withdraw
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
