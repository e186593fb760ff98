import { Alert, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { formatKes, localPhoneOf, paymentMessages } from '@myprosper/contract/payments';
import type { VoucherView } from '@myprosper/contract/vouchers';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCardCheckout } from '../../../components/payments/card-checkout.ts';
import { CardReturnNotice } from '../../../components/payments/card-return-notice.tsx';
import { MpesaPhoneDialog } from '../../../components/payments/mpesa-phone-dialog.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { voucherKeys } from '../api/query-keys.ts';
import { usePayVoucherByMpesa, useRefundVoucher, useVoucher } from '../api/vouchers-api.ts';
import { VoucherStatusBadge } from './voucher-status-badge.tsx';

/**
 * The voucher confirmation: after the card provider's page (with the outcome), or after an M-PESA prompt
 * (refresh to see it paid). What was bought, its state, and while it awaits payment, paying again.
 */
export function VoucherConfirmation({
  reference,
  onPushed,
  onBuyAnother,
}: {
  reference: string;
  /** An M-PESA prompt was sent: the page shows the payment-info dialog. */
  onPushed: () => void;
  onBuyAnother: () => void;
}) {
  const voucher = useVoucher(reference);
  const queryClient = useQueryClient();
  const status = voucher.data?.status;
  // 'Your vouchers' follows this voucher's state as it changes (paid by M-PESA or card), without a reload.
  useEffect(() => {
    if (status) void queryClient.invalidateQueries({ queryKey: voucherKeys.mine });
  }, [status, queryClient]);

  if (voucher.isError) {
    return (
      <Stack gap="md" role="alert">
        <Text fw={600}>{messages.loadError}</Text>
        <Button variant="default" onClick={onBuyAnother} style={{ alignSelf: 'flex-start' }}>
          Buy a voucher
        </Button>
      </Stack>
    );
  }
  if (!voucher.data) return <Skeleton height={280} radius="md" aria-label="Loading the voucher" />;

  return (
    <Stack gap="lg">
      <CardReturnNotice />
      <VoucherDetails
        voucher={voucher.data}
        isRefreshing={voucher.isFetching}
        onRefresh={() => void voucher.refetch()}
        onPushed={onPushed}
      />
      <Button variant="default" onClick={onBuyAnother} style={{ alignSelf: 'flex-start' }}>
        Buy another voucher
      </Button>
    </Stack>
  );
}

function VoucherDetails({
  voucher,
  isRefreshing,
  onRefresh,
  onPushed,
}: {
  voucher: VoucherView;
  isRefreshing: boolean;
  onRefresh: () => void;
  onPushed: () => void;
}) {
  const card = useCardCheckout();
  const push = usePayVoucherByMpesa();
  const refund = useRefundVoucher();
  const [isPhoneOpen, setPhoneOpen] = useState(false);
  const last = voucher.lastPayment;
  const rows: [string, string][] = [
    ['Reference', voucher.reference],
    ['Recipient', voucher.recipientName],
    ['Email', voucher.recipientEmail],
    ['Phone', voucher.recipientPhoneNumber],
    ['Program', voucher.topic.name],
    ['Mentor', voucher.advisor.name],
    ['Amount', formatKes(voucher.amount)],
    ['Note', voucher.recipientNote],
  ];

  async function payByCard(): Promise<void> {
    try {
      await card.mutateAsync({ purpose: 'VOUCHER', id: voucher.reference });
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  async function refundToWallet(): Promise<void> {
    try {
      const answer = await refund.mutateAsync(voucher.reference);
      notify.success(answer.message);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  async function payByMpesa(phoneNumber: string): Promise<void> {
    try {
      await push.mutateAsync({ reference: voucher.reference, phoneNumber });
      setPhoneOpen(false);
      onPushed();
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Your gift voucher">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          Gift voucher
        </Title>
        <VoucherStatusBadge status={voucher.status} />
      </Group>
      <Stack gap="md">
        {voucher.status === 'ACTIVE' && !voucher.mentorGone && (
          <Alert color="green" variant="light" role="status" title="Payment received">
            We sent the voucher code to {voucher.recipientName} by email and SMS, with your note. Your receipt
            is in your email.
          </Alert>
        )}
        {voucher.status === 'ACTIVE' && voucher.mentorGone && (
          <Alert color="yellow" variant="light" role="status" title="The mentor no longer gives this program">
            <Stack gap="xs">
              <Text fz="sm">
                {voucher.recipientName} can book any mentor of {voucher.topic.name} with the code, or you can
                have the voucher refunded to your MyProsper wallet.
              </Text>
              <Button
                size="xs"
                variant="light"
                loading={refund.isPending}
                onClick={() => void refundToWallet()}
                style={{ alignSelf: 'flex-start' }}
              >
                Refund to my wallet
              </Button>
            </Stack>
          </Alert>
        )}
        {voucher.status === 'REFUNDED' && (
          <Alert color="blue" variant="light" role="status">
            This voucher was refunded to your wallet: {formatKes(voucher.amount)}.
          </Alert>
        )}
        {voucher.status === 'REDEEMED' && (
          <Alert color="gray" variant="light" role="status">
            {voucher.recipientName} has used this voucher.
          </Alert>
        )}
        {voucher.status === 'PENDING_PAYMENT' && last?.provider === 'MPESA' && last.status === 'PENDING' && (
          <Alert color="blue" variant="light" role="status">
            {paymentMessages.initiated}
          </Alert>
        )}
        {voucher.status === 'PENDING_PAYMENT' &&
          (last?.status === 'FAILED' || last?.status === 'EXPIRED') && (
            <Alert color="red" variant="light" role="alert" title="The payment did not go through">
              {last.reason}
            </Alert>
          )}
        <Table variant="vertical" layout="fixed" withTableBorder fz="sm">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={{ base: 100, xs: 140 }}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {voucher.status === 'PENDING_PAYMENT' && (
          <Group>
            <Button onClick={() => void payByCard()} loading={card.isPending}>
              Pay by card
            </Button>
            <Button variant="light" onClick={() => setPhoneOpen(true)}>
              Pay with M-PESA
            </Button>
            <Button variant="default" onClick={onRefresh} loading={isRefreshing}>
              Refresh
            </Button>
          </Group>
        )}
      </Stack>
      <MpesaPhoneDialog
        opened={isPhoneOpen}
        amount={voucher.amount}
        defaultPhone={last?.phoneNumber ? localPhoneOf(last.phoneNumber) : ''}
        isSubmitting={push.isPending}
        onSubmit={(phone) => void payByMpesa(phone)}
        onClose={() => setPhoneOpen(false)}
      />
    </Card>
  );
}
