import { Alert, Button, Group, Modal, NumberInput, Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  type AdminPaymentDetails,
  adminPaymentRefundRequest,
  adminRefundMessages,
  operatorRefundText,
  type RefundOption,
} from '@myprosper/contract/admin-refunds';
import { formatKes, localPhoneOf } from '@myprosper/contract/payments';
import { firstMessage } from '@myprosper/contract/validation';
import { useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useReturnFocus } from '../../../lib/use-return-focus.ts';
import { useRefundPayment } from '../api/payments.ts';

function optionLabel(option: RefundOption, payerName: string): string {
  return option.destination === 'WALLET'
    ? `${payerName}'s MyProsper wallet (at once)`
    : `M-PESA ${localPhoneOf(option.phoneNumber ?? '')}, the number that paid`;
}

/**
 * An operator's refund of a payment, in two steps: how much, where to and why; then the confirmation that says
 * in full where the money goes, how much, and where it is taken from (the words the audit log keeps), before
 * anything moves. The dialog's own request id makes a double click one refund.
 */
export function RefundDialog({
  details,
  opened,
  onClose,
}: {
  details: AdminPaymentDetails;
  opened: boolean;
  onClose: () => void;
}) {
  useReturnFocus(opened);
  const { payment, plan } = details;
  const refund = useRefundPayment(payment.id);
  const options = plan.options.filter((option) => option.maximum > 0);
  const [destination, setDestination] = useState(options[0]?.destination ?? 'WALLET');
  const option = options.find((candidate) => candidate.destination === destination) ?? options[0];
  const [amount, setAmount] = useState<string | number>(option?.maximum ?? '');
  const [reason, setReason] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [requestId] = useState(() => crypto.randomUUID());
  const body = { amount, destination, reason, requestId };
  const amountNumber = Number(amount);

  function review(): void {
    const problem =
      firstMessage(adminPaymentRefundRequest, body) ??
      (option && amountNumber > option.maximum ? adminRefundMessages.moreThanLeft(option.maximum) : null) ??
      (destination === 'MPESA' && amountNumber < 10 ? adminRefundMessages.mpesaMinimum : null);
    setError(problem);
    if (!problem) setIsConfirming(true);
  }

  async function confirm(): Promise<void> {
    try {
      const answer = await refund.mutateAsync({ ...body, amount: amountNumber });
      notify.success(answer.message);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setIsConfirming(false);
    }
  }

  const text =
    option && plan.source
      ? operatorRefundText({
          amount: amountNumber,
          destination,
          source: plan.source,
          payerName: plan.payerName,
          phoneNumber: option.phoneNumber,
          sessionReference: plan.sessionReference,
          isReversal: destination === 'MPESA' && amountNumber === plan.reversalAmount,
        })
      : '';
  const where = destination === 'WALLET' ? 'to the wallet' : 'to M-PESA';

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        isConfirming ? 'Confirm the refund' : `Refund ${payment.providerReference ?? `payment ${payment.id}`}`
      }
      centered
    >
      {isConfirming ? (
        <Stack>
          <Alert color="yellow" variant="light" title={`${formatKes(amountNumber)} ${where}`}>
            <Text fz="sm">{text}</Text>
          </Alert>
          <Text fz="sm">
            <b>Reason:</b> {reason.trim()}
          </Text>
          <Text fz="sm" c="dimmed">
            This cannot be undone. It is kept in the audit log with your name.
          </Text>
          <FormError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsConfirming(false)} disabled={refund.isPending}>
              Back
            </Button>
            <Button color="red.8" loading={refund.isPending} onClick={() => void confirm()}>
              {`Refund ${formatKes(amountNumber)} ${where}`}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            review();
          }}
          noValidate
        >
          <Stack gap="sm">
            <Text fz="sm">
              Paid {formatKes(payment.amount)}
              {payment.refunded > 0 ? `, ${formatKes(payment.refunded)} refunded already` : ''}: at most{' '}
              {formatKes(Math.max(...options.map((o) => o.maximum)))} can be refunded now.
            </Text>
            {plan.cardOnlyToWallet && (
              <Alert color="blue" variant="light">
                {adminRefundMessages.cardNote}
              </Alert>
            )}
            <Radio.Group
              label="Where the money goes"
              value={destination}
              onChange={(value) => {
                const next = options.find((candidate) => candidate.destination === value);
                setDestination(value as 'WALLET' | 'MPESA');
                if (next && Number(amount) > next.maximum) setAmount(next.maximum);
              }}
            >
              <Stack gap="xs" mt="xs">
                {options.map((candidate) => (
                  <Radio
                    key={candidate.destination}
                    value={candidate.destination}
                    label={optionLabel(candidate, plan.payerName)}
                    description={`Up to ${formatKes(candidate.maximum)}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <NumberInput
              label="Amount (KES)"
              required
              min={1}
              max={option?.maximum}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              value={amount}
              onChange={setAmount}
            />
            <Textarea
              label="Reason"
              description="Kept in the audit log with the refund"
              required
              autosize
              minRows={2}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <FormError message={error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit">Review refund</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
