import { Button } from '@mantine/core';
import { localPhoneOf, mobileMoneyAmount, walletCoversShare } from '@myprosper/contract/payments';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCardCheckout } from '../../../components/payments/card-checkout.ts';
import { MpesaPhoneDialog } from '../../../components/payments/mpesa-phone-dialog.tsx';
import { PaymentInfoDialog } from '../../../components/payments/payment-info-dialog.tsx';
import {
  getAdviseeBalance,
  useCheckoutSession,
  useMakeMpesaPayment,
} from '../../../components/payments/payments-api.ts';
import { useRedeemVoucher } from '../../../components/payments/redeem-voucher.ts';
import { usePushProgress } from '../../../components/payments/use-push-progress.ts';
import { VoucherCodeDialog } from '../../../components/payments/voucher-code-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { getSession } from '../api/get-session.ts';
import type { BookingResult } from './booking-success-dialog.tsx';

/**
 * Paying right after booking (spec 4): MPESA opens the phone dialog and starts the push for what the wallet
 * does not cover; WALLET ('Checkout Session', offered when the wallet covers the share) checks out from it; CARD goes to the
 * card provider's hosted page (signed on the server), which brings the mentee back to the session;
 * VOUCHER opens the voucher code dialog. A booking with nothing to pay never comes here. What is left unpaid
 * shows in the booking-success dialog, to be paid from the session page.
 */
export function BookingPayment({
  booking,
  adviseeId,
  ownPhone,
  onShowBooked,
  onDone,
}: {
  booking: BookingResult | null;
  adviseeId: number;
  ownPhone: string | null;
  /** Show the booking-success dialog with this (refreshed) booking. */
  onShowBooked: (result: BookingResult) => void;
  /** The payment dialogs are closed. */
  onDone: () => void;
}) {
  const push = useMakeMpesaPayment();
  const checkout = useCheckoutSession();
  const card = useCardCheckout();
  const redeem = useRedeemVoucher();
  const [isVoucherOpen, setVoucherOpen] = useState(false);
  const [voucherError, setVoucherError] = useState<string | null>(null);
  const [owed, setOwed] = useState<number | undefined>(undefined);
  const [isPhoneOpen, setPhoneOpen] = useState(false);
  const [pushId, setPushId] = useState<number | null>(null);
  const handled = useRef<number | null>(null);
  const sessionId = booking?.session.id ?? 0;
  const pushProgress = usePushProgress(sessionId, pushId);

  useEffect(() => {
    if (!booking || handled.current === booking.session.id) return;
    handled.current = booking.session.id;
    const own = booking.session.groupSessionAttendees.find((a) => a.adviseeId === adviseeId);
    const share = own?.amount ?? booking.session.amount;

    async function payFromWallet(result: BookingResult): Promise<void> {
      try {
        const response = await checkout.mutateAsync({ sessionId: result.session.id, adviseeId });
        notify.success(response.message);
        onShowBooked({ ...result, session: await getSession(result.session.id) });
      } catch (failure) {
        notify.error(errorMessage(failure));
        onShowBooked(result);
      }
    }

    async function payByCard(result: BookingResult): Promise<void> {
      try {
        await card.mutateAsync({ purpose: 'SESSION', id: result.session.id });
      } catch (failure) {
        notify.error(errorMessage(failure));
        onShowBooked(result);
      }
    }

    async function start(result: BookingResult): Promise<void> {
      if (result.paymentMode === 'WALLET') return payFromWallet(result);
      if (result.paymentMode === 'CARD') return payByCard(result);
      if (result.paymentMode === 'VOUCHER') {
        setVoucherError(null);
        setVoucherOpen(true);
        return;
      }
      let balance = 0;
      try {
        balance = await getAdviseeBalance(adviseeId);
      } catch {
        balance = 0;
      }
      // The statement offered Checkout Session instead when the wallet covered the share; if it has come to
      // cover it since, nothing is taken without being asked: the session page offers Checkout Session.
      if (walletCoversShare(share, balance)) {
        onShowBooked(result);
        return;
      }
      setOwed(mobileMoneyAmount(share, balance));
      setPhoneOpen(true);
    }
    void start(booking);
  }, [booking, adviseeId, checkout, card, onShowBooked]);

  async function payWithVoucher(voucherCode: string): Promise<void> {
    if (!booking) return;
    try {
      const response = await redeem.mutateAsync({ sessionId: booking.session.id, voucherCode });
      notify.success(response.message);
      setVoucherOpen(false);
      onShowBooked({ ...booking, session: await getSession(booking.session.id) });
    } catch (failure) {
      setVoucherError(errorMessage(failure));
    }
  }

  async function payByMpesa(phoneNumber: string): Promise<void> {
    if (!booking) return;
    try {
      const response = await push.mutateAsync({
        sessionId: booking.session.id,
        phoneNumber,
        adviseeID: adviseeId,
      });
      setPhoneOpen(false);
      setPushId(response.data.id);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  function finish(): void {
    setPhoneOpen(false);
    setVoucherOpen(false);
    setPushId(null);
    setOwed(undefined);
    onDone();
  }

  return (
    <>
      <MpesaPhoneDialog
        opened={isPhoneOpen}
        amount={owed}
        defaultPhone={ownPhone ? localPhoneOf(ownPhone) : ''}
        isSubmitting={push.isPending}
        onSubmit={(phone) => void payByMpesa(phone)}
        onClose={() => {
          // Not paid now: the booking holds its slot for a while, payable from the session page.
          const result = booking;
          finish();
          if (result) onShowBooked(result);
        }}
      />
      <VoucherCodeDialog
        opened={isVoucherOpen}
        isSubmitting={redeem.isPending}
        error={voucherError}
        onSubmit={(code) => void payWithVoucher(code)}
        onClose={() => {
          // Not paid now: the booking holds its slot for a while, payable from the session page.
          const result = booking;
          finish();
          if (result) onShowBooked(result);
        }}
      />
      <PaymentInfoDialog
        opened={pushId !== null}
        progress={pushProgress.progress}
        isRefreshing={pushProgress.isRefreshing}
        onRefresh={pushProgress.refresh}
        onTryAgain={() => {
          setPushId(null);
          setPhoneOpen(true);
        }}
        paybillSessionId={booking?.session.id}
        onClose={finish}
      >
        {booking && (
          <Button
            component={Link}
            to={paths.session(booking.session.id)}
            variant={pushProgress.progress.state === 'paid' ? 'filled' : 'light'}
          >
            View session
          </Button>
        )}
      </PaymentInfoDialog>
    </>
  );
}
