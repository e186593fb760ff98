import { useEffect, useState } from 'react';
import type { PaymentProgress } from './payment-info-dialog.tsx';
import { useLastPayment } from './payments-api.ts';

/** How long the dialog keeps asking by itself; Refresh asks again at any time. */
const pollForMs = 3 * 60_000;

/**
 * Where an M-PESA push stands, from the latest payment attempt of the session, polled every few seconds for
 * a short while after the push (the callback usually lands within a minute).
 */
export function usePushProgress(sessionId: number, paymentId: number | null) {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    setStartedAt(paymentId === null ? null : Date.now());
  }, [paymentId]);

  useEffect(() => {
    if (startedAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 10_000);
    return () => clearInterval(timer);
  }, [startedAt]);

  const isPolling = paymentId !== null && startedAt !== null && now - startedAt < pollForMs;
  const last = useLastPayment(sessionId, {
    enabled: paymentId !== null,
    waitFor: isPolling ? paymentId : null,
  });
  // This push's outcome, or a later payment that paid instead (by Paybill while the prompt never came).
  const latest = last.data && paymentId !== null && last.data.id > paymentId ? last.data : null;
  const attempt =
    last.data && last.data.id === paymentId ? last.data : latest?.status === 'SUCCEEDED' ? latest : null;

  let progress: PaymentProgress = { state: 'waiting' };
  if (attempt?.status === 'FAILED' || attempt?.status === 'EXPIRED') {
    progress = { state: 'failed', reason: attempt.reason ?? 'The payment did not go through.' };
  } else if (attempt?.status === 'SUCCEEDED') {
    progress = attempt.note
      ? { state: 'kept', note: attempt.note }
      : {
          state: 'paid',
          paid: {
            amount: attempt.amount,
            method: attempt.provider === 'CARD' ? 'card' : attempt.phoneNumber ? 'M-PESA' : 'M-PESA Paybill',
            receipt: attempt.receipt,
          },
        };
  }
  return {
    progress,
    isRefreshing: last.isFetching,
    refresh: () => void last.refetch(),
  };
}
