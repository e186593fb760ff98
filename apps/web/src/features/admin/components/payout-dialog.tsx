import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import {
  adminMoneyMessages,
  describePayoutMethod,
  type MentorOwed,
  payoutRequest,
} from '@myprosper/contract/admin-money';
import { formatKes } from '@myprosper/contract/payments';
import { firstMessage } from '@myprosper/contract/validation';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useRecordPayout } from '../api/payouts.ts';

/** Marks money sent to a mentor as paid: the amount (at most what they are owed) and the transfer's reference. */
export function PayoutDialog({
  row,
  opened,
  onClose,
}: {
  row: MentorOwed;
  opened: boolean;
  onClose: () => void;
}) {
  const record = useRecordPayout();
  const [amount, setAmount] = useState<string | number>(row.balance);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const body = { mentorId: row.mentor.id, amount, reference };
    const problem =
      firstMessage(payoutRequest, body) ??
      (Number(amount) > row.balance ? adminMoneyMessages.payoutOverBalance(formatKes(row.balance)) : null);
    setError(problem);
    if (problem) return;
    try {
      const answer = await record.mutateAsync(body);
      notify.success(`${answer.message}: ${formatKes(answer.data.amount)} to ${answer.data.mentor.name}`);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={`Pay ${row.mentor.name}`} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Text fz="sm">
            Owed {formatKes(row.balance)}. Send the money by their payout method first (
            {describePayoutMethod(row.method)}), then record it here: it leaves their wallet.
          </Text>
          <NumberInput
            label="Amount paid (KES)"
            required
            min={1}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            value={amount}
            onChange={setAmount}
          />
          <TextInput
            label="Reference of the transfer"
            description="The M-PESA receipt, bank or PayPal reference"
            required
            maxLength={100}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
          />
          <FormError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending}>
              Mark as paid
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
