import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { formatKes, localPhoneOf, mobileMoneyAmount } from '@myprosper/contract/payments';
import type { Session } from '@myprosper/contract/sessions';
import { useState } from 'react';
import { useCardCheckout } from '../../../components/payments/card-checkout.ts';
import { MpesaPhoneDialog } from '../../../components/payments/mpesa-phone-dialog.tsx';
import { useAdviseeBalance, useMakeMpesaPayment } from '../../../components/payments/payments-api.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useGroupCover, usePayGroupCover } from '../api/group-cover.ts';
import type { Viewer } from '../lib/session-view.ts';

function clock(iso: string): string {
  return new Intl.DateTimeFormat('en-KE', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'Africa/Nairobi',
  }).format(new Date(iso));
}

/**
 * A group priced for its paid attendees (issue 20): at its cut-off with fewer than two paid, the host reads
 * what to add to keep it (from the wallet, by M-PESA for what the wallet lacks, or by card) or may cancel it
 * for a full refund with the usual Cancel button; the others read why the call is closed. Once covered, a
 * short word.
 */
export function GroupCoverNotice({ session, viewer }: { session: Session; viewer: Viewer }) {
  const isGroup = session.sessionType === 'GROUP' && session.status === 'CONFIRMED';
  const cover = useGroupCover(session.id, isGroup);
  const isHost = session.advisee.id === viewer.userId;
  const balance = useAdviseeBalance(isHost && !viewer.isAdvisor ? viewer.userId : null);
  const pay = usePayGroupCover();
  const push = useMakeMpesaPayment();
  const card = useCardCheckout();
  const [isPhoneOpen, setPhoneOpen] = useState(false);

  if (!isGroup || !cover.data?.text) return null;
  const data = cover.data;
  if (data.state === 'COVERED') {
    return (
      <Alert color="green" variant="light" role="status" title="Group price covered">
        <Text fz="sm">{data.text}</Text>
      </Alert>
    );
  }

  const wallet = balance.data ?? 0;
  const owedByMpesa = mobileMoneyAmount(data.amount, wallet);
  const own = session.groupSessionAttendees.find((a) => a.adviseeId === viewer.userId);

  async function payFromWallet(): Promise<void> {
    try {
      const response = await pay.mutateAsync(session.id);
      notify.success(response.message);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  async function payByMpesa(phoneNumber: string): Promise<void> {
    try {
      await push.mutateAsync({ sessionId: session.id, phoneNumber, adviseeID: viewer.userId });
      setPhoneOpen(false);
      notify.success('Check your phone for the M-PESA prompt, then refresh this page.');
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

  return (
    <Alert color="yellow" variant="light" role="status" title="Not enough paid attendees">
      <Stack gap="sm" align="flex-start">
        <Text fz="sm">{data.text}</Text>
        {data.dueBy && (
          <Text fz="sm" c="dimmed">
            Unpaid by {clock(data.dueBy)} (Nairobi time), the session is cancelled and everyone refunded in
            full.
          </Text>
        )}
        {data.canPay && (
          <>
            {wallet > 0 && (
              <Text fz="sm" c="dimmed">
                Wallet balance: {formatKes(wallet)}
              </Text>
            )}
            <Group gap="sm">
              {owedByMpesa <= 0 ? (
                <Button size="sm" loading={pay.isPending} onClick={() => void payFromWallet()}>
                  Pay {formatKes(data.amount)} from wallet
                </Button>
              ) : (
                <Button size="sm" disabled={balance.isPending} onClick={() => setPhoneOpen(true)}>
                  Pay {formatKes(owedByMpesa)} with M-PESA
                </Button>
              )}
              <Button size="sm" variant="light" loading={card.isPending} onClick={() => void payByCard()}>
                Pay {formatKes(data.amount)} by card
              </Button>
            </Group>
            <MpesaPhoneDialog
              opened={isPhoneOpen}
              amount={owedByMpesa}
              defaultPhone={own?.phoneNumber ? localPhoneOf(own.phoneNumber) : ''}
              isSubmitting={push.isPending}
              onSubmit={(phone) => void payByMpesa(phone)}
              onClose={() => setPhoneOpen(false)}
            />
          </>
        )}
      </Stack>
    </Alert>
  );
}
