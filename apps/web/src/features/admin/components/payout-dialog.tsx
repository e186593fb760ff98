import { NumberInput, Text, TextInput } from '@mantine/core';
import {
  adminMoneyMessages,
  describePayoutMethod,
  type MentorOwed,
  payoutRequest,
} from '@myprosper/contract/admin-money';
import { formatKes } from '@myprosper/contract/payments';
import { firstMessage } from '@myprosper/contract/validation';
import { useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useRecordPayout } from '../api/payouts.ts';
import { FormDialog, useFormSubmit } from './form-dialog.tsx';

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
  const { error, submit } = useFormSubmit();
  const [amount, setAmount] = useState<string | number>(row.balance);
  const [reference, setReference] = useState('');
  const body = { mentorId: row.mentor.id, amount, reference };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={`Pay ${row.mentor.name}`}
      error={error}
      submitLabel="Mark as paid"
      isSubmitting={record.isPending}
      onSubmit={() =>
        submit(
          firstMessage(payoutRequest, body) ??
            (Number(amount) > row.balance
              ? adminMoneyMessages.payoutOverBalance(formatKes(row.balance))
              : null),
          async () => {
            const answer = await record.mutateAsync(body);
            notify.success(
              `${answer.message}: ${formatKes(answer.data.amount)} to ${answer.data.mentor.name}`,
            );
            onClose();
          },
        )
      }
    >
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
    </FormDialog>
  );
}
