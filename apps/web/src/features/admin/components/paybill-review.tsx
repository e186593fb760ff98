import {
  Badge,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import type { AdminPaybillPayment } from '@myprosper/contract/paybill';
import { useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useCreditPaybill, usePaybillPayments, useRefundPaybill } from '../api/paybill.ts';
import { formatDateTime } from '../lib/format.ts';
import { ActionsHeader, DataTable, DetailedCell, MoneyCell } from './data-table.tsx';
import { FormDialog, useFormSubmit } from './form-dialog.tsx';

type Action = { kind: 'credit' | 'refund'; payment: AdminPaybillPayment };

/**
 * "Paybill payments to review": Paybill payments that matched no booking (unknown reference, a short or over
 * payment, a booking already paid). None is lost: each is credited to a chosen person's wallet or sent back to
 * the payer by M-PESA Reversal, with a reason, audited.
 */
export function PaybillReview() {
  const [status, setStatus] = useState<'REVIEW' | 'ALL'>('REVIEW');
  const payments = usePaybillPayments(status);
  const [action, setAction] = useState<Action | null>(null);
  const items = payments.data ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fz="sm" c="dimmed">
          Paybill payments that could not be matched to a booking are kept here until someone decides.
        </Text>
        <SegmentedControl
          size="xs"
          value={status}
          onChange={(value) => setStatus(value as 'REVIEW' | 'ALL')}
          data={[
            { value: 'REVIEW', label: 'To review' },
            { value: 'ALL', label: 'All' },
          ]}
        />
      </Group>
      {payments.isPending ? (
        <Text fz="sm">Loading…</Text>
      ) : items.length === 0 ? (
        <Text fz="sm">No Paybill payments to review</Text>
      ) : (
        <DataTable
          minWidth={760}
          striped
          head={
            <>
              <Table.Th>Received</Table.Th>
              <Table.Th>Receipt</Table.Th>
              <Table.Th>Account typed</Table.Th>
              <Table.Th>Why</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <ActionsHeader w={190}>Actions</ActionsHeader>
            </>
          }
        >
          {items.map((payment) => (
            <Table.Tr key={payment.id}>
              <Table.Td>{formatDateTime(payment.receivedAt)}</Table.Td>
              <Table.Td>
                <DetailedCell main={<Text ff="monospace">{payment.receipt}</Text>} detail={payment.payer} />
              </Table.Td>
              <Table.Td>{payment.accountTyped || '—'}</Table.Td>
              <Table.Td>
                {payment.status === 'REVIEW' ? (
                  <Text fz="sm">{payment.problemText}</Text>
                ) : (
                  <DetailedCell
                    main={<Badge variant="light">{payment.status}</Badge>}
                    detail={payment.resolution}
                  />
                )}
              </Table.Td>
              <MoneyCell amount={payment.amount} />
              <Table.Td>
                {payment.status === 'REVIEW' && (
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button size="compact-sm" onClick={() => setAction({ kind: 'credit', payment })}>
                      Credit
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      onClick={() => setAction({ kind: 'refund', payment })}
                    >
                      Refund
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <ActionDialog
        key={action ? `${action.kind}-${action.payment.id}` : 'closed'}
        action={action}
        onClose={() => setAction(null)}
      />
    </Stack>
  );
}

function ActionDialog({ action, onClose }: { action: Action | null; onClose: () => void }) {
  const credit = useCreditPaybill();
  const refund = useRefundPaybill();
  const form = useFormSubmit();
  const [userId, setUserId] = useState<number | string>(action?.payment.suggestedUserId ?? '');
  const [note, setNote] = useState('');
  const isCredit = action?.kind === 'credit';
  return (
    <FormDialog
      opened={action !== null}
      onClose={onClose}
      title={isCredit ? 'Credit to a wallet' : 'Refund to M-PESA'}
      error={form.error}
      submitLabel={isCredit ? 'Credit' : 'Refund'}
      submitColor={isCredit ? undefined : 'red'}
      isSubmitting={credit.isPending || refund.isPending}
      onSubmit={() =>
        form.submit(
          isCredit && (typeof userId !== 'number' || userId < 1)
            ? 'Please give the person’s id'
            : note.trim().length < 3
              ? 'Please say why'
              : null,
          async () => {
            if (!action) return;
            const response = isCredit
              ? await credit.mutateAsync({ id: action.payment.id, userId: Number(userId), note })
              : await refund.mutateAsync({ id: action.payment.id, note });
            notify.success(response.message);
            onClose();
          },
        )
      }
    >
      {action && (
        <Text fz="sm">
          {action.payment.receipt}: {action.payment.payer}, account “{action.payment.accountTyped || '—'}”.
        </Text>
      )}
      {isCredit && (
        <NumberInput
          label="Person (user id)"
          description={
            action?.payment.suggestedUserId
              ? 'Suggested: the person whose booking the reference names'
              : undefined
          }
          min={1}
          allowDecimal={false}
          value={userId}
          onChange={setUserId}
        />
      )}
      <Textarea
        label="Why"
        autosize
        minRows={2}
        maxLength={300}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
    </FormDialog>
  );
}
