import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  formatKes,
  localPhoneOf,
  mobileMoneyAmount,
  paymentMessages,
  walletCoversShare,
} from '@myprosper/contract/payments';
import type { Session } from '@myprosper/contract/sessions';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useCardCheckout } from '../../../components/payments/card-checkout.ts';
import { MpesaPhoneDialog } from '../../../components/payments/mpesa-phone-dialog.tsx';
import { PaymentInfoDialog, paidSentence } from '../../../components/payments/payment-info-dialog.tsx';
import {
  useAdviseeBalance,
  useCheckoutSession,
  useLastPayment,
  useMakeMpesaPayment,
} from '../../../components/payments/payments-api.ts';
import { useRedeemVoucher } from '../../../components/payments/redeem-voucher.ts';
import { usePushProgress } from '../../../components/payments/use-push-progress.ts';
import { VoucherCodeDialog } from '../../../components/payments/voucher-code-dialog.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { sessionKeys } from '../api/query-keys.ts';
import type { Viewer } from '../lib/session-view.ts';

/**
 * The mentee's pay actions while their part is unpaid (spec 2 and 9): Pay with M-PESA for the share less the
 * wallet balance, or Checkout Session when the wallet covers the share; Pay by card (the provider's hosted
 * page) and Use a voucher; the last attempt's state; and after a push, the payment-info dialog that waits for
 * the outcome.
 */
export function PayActions({ session, viewer }: { session: Session; viewer: Viewer }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const own = session.groupSessionAttendees.find((a) => a.adviseeId === viewer.userId);
  const share = own?.amount ?? session.amount;
  const isHost = session.advisee.id === viewer.userId;
  const balance = useAdviseeBalance(viewer.userId);
  const last = useLastPayment(session.id);
  const push = useMakeMpesaPayment();
  const checkout = useCheckoutSession();
  const card = useCardCheckout();
  const redeem = useRedeemVoucher();
  const [isVoucherOpen, setVoucherOpen] = useState(false);
  const [voucherError, setVoucherError] = useState<string | null>(null);
  const [isPhoneOpen, setPhoneOpen] = useState(false);
  const [pushId, setPushId] = useState<number | null>(null);
  const pushProgress = usePushProgress(session.id, pushId);

  const isPaidNow = pushProgress.progress.state === 'paid';
  // What was paid and how (the pay actions leave the page once the session is paid: the toast says it).
  const paidText =
    pushProgress.progress.state === 'paid' && pushProgress.progress.paid
      ? `${paidSentence(pushProgress.progress.paid)} Your session is paid.`
      : 'Payment received. Your session is paid.';
  useEffect(() => {
    if (!isPaidNow) return;
    notify.success(paidText);
    void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  }, [isPaidNow, paidText, queryClient]);

  if (!isHost && session.status !== 'CONFIRMED') {
    return (
      <Alert color="blue" variant="light" title="Payment">
        {paymentMessages.hostFirst}
      </Alert>
    );
  }

  const wallet = balance.data ?? 0;
  const owed = mobileMoneyAmount(share, wallet);
  const isCovered = balance.data !== undefined && walletCoversShare(share, wallet);
  const attempt = last.data && last.data.id !== pushId ? last.data : null;

  async function payByMpesa(phoneNumber: string): Promise<void> {
    try {
      const response = await push.mutateAsync({
        sessionId: session.id,
        phoneNumber,
        adviseeID: viewer.userId,
      });
      setPhoneOpen(false);
      setPushId(response.data.id);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  async function payFromWallet(): Promise<void> {
    try {
      const response = await checkout.mutateAsync({ sessionId: session.id, adviseeId: viewer.userId });
      notify.success(response.message);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  async function payByCard(): Promise<void> {
    try {
      await card.mutateAsync({ purpose: 'SESSION', id: session.id });
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  async function payWithVoucher(voucherCode: string): Promise<void> {
    try {
      const response = await redeem.mutateAsync({ sessionId: session.id, voucherCode });
      setVoucherOpen(false);
      notify.success(response.message);
    } catch (failure) {
      setVoucherError(errorMessage(failure));
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        Payment
      </Title>
      <Stack gap="sm">
        <Text>
          {session.sessionType === 'GROUP' ? 'Your share' : 'Price'}: <b>{formatKes(share)}</b>
        </Text>
        {wallet > 0 && (
          <Text fz="sm" c="dimmed">
            Wallet balance: {formatKes(wallet)}
            {isCovered ? ' — enough to pay for this session.' : ` — M-PESA will ask for ${formatKes(owed)}.`}
          </Text>
        )}
        {attempt?.status === 'PENDING' && attempt.provider === 'MPESA' && (
          <Alert color="blue" variant="light" role="status">
            Your M-PESA payment of {formatKes(attempt.amount)} is being processed. {paymentMessages.initiated}
          </Alert>
        )}
        {(attempt?.status === 'FAILED' || attempt?.status === 'EXPIRED') && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={`Your last ${attempt.provider === 'CARD' ? 'card' : 'M-PESA'} payment did not go through`}
          >
            {attempt.reason}
          </Alert>
        )}
        <Group>
          {isCovered ? (
            <Button size="md" loading={checkout.isPending} onClick={() => void payFromWallet()}>
              Checkout Session
            </Button>
          ) : (
            <Button size="md" disabled={balance.isPending} onClick={() => setPhoneOpen(true)}>
              Pay with M-PESA
            </Button>
          )}
          <Button size="md" variant="light" loading={card.isPending} onClick={() => void payByCard()}>
            Pay by card
          </Button>
          <Button
            size="md"
            variant="default"
            onClick={() => {
              setVoucherError(null);
              setVoucherOpen(true);
            }}
          >
            Use a voucher
          </Button>
        </Group>
      </Stack>
      <MpesaPhoneDialog
        opened={isPhoneOpen}
        amount={owed}
        defaultPhone={own?.phoneNumber ? localPhoneOf(own.phoneNumber) : ''}
        isSubmitting={push.isPending}
        onSubmit={(phone) => void payByMpesa(phone)}
        onClose={() => setPhoneOpen(false)}
      />
      <VoucherCodeDialog
        opened={isVoucherOpen}
        isSubmitting={redeem.isPending}
        error={voucherError}
        onSubmit={(code) => void payWithVoucher(code)}
        onClose={() => setVoucherOpen(false)}
      />
      <PaymentInfoDialog
        opened={pushId !== null}
        progress={pushProgress.progress}
        isRefreshing={pushProgress.isRefreshing}
        onRefresh={() => {
          pushProgress.refresh();
          void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
        }}
        onTryAgain={() => {
          setPushId(null);
          setPhoneOpen(true);
        }}
        paybillSessionId={session.id}
        onClose={() => setPushId(null)}
      />
    </Card>
  );
}
