import { Button, SimpleGrid, Text } from '@mantine/core';
import { statementPaths } from '@myprosper/contract/reconciliation';
import type { Session } from '@myprosper/contract/sessions';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useLastPayment } from '../../../components/payments/payments-api.ts';
import { useSessionRules } from '../../../components/session-policy/session-rules-api.ts';
import { paths } from '../../../config/paths.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useDownloadCalendar } from '../api/download-calendar.ts';
import {
  callEntry,
  callWindow,
  canCancel,
  canReschedule,
  instantInWords,
  isActive,
  type Viewer,
} from '../lib/session-view.ts';
import { CancelSessionDialog } from './cancel-session-dialog.tsx';

/**
 * What one can do with the session: start (mentor) or join the call, add it to a calendar, reschedule it
 * (the host until the server's cut-off before the start), read the topic's tips, and cancel it (host or mentor).
 */
export function SessionActions({ session, viewer, now }: { session: Session; viewer: Viewer; now: Date }) {
  const calendar = useDownloadCalendar();
  const rules = useSessionRules().data?.rules;
  const [isCancelling, setIsCancelling] = useState(false);
  // A mentee's receipt for what they paid by M-PESA or card (the latest payment, when it went through).
  const lastPayment = useLastPayment(session.id, { enabled: !viewer.isAdvisor });
  const receiptOf = lastPayment.data?.status === 'SUCCEEDED' ? lastPayment.data.id : null;
  const [isFetchingReceipt, setIsFetchingReceipt] = useState(false);
  async function downloadReceipt(paymentId: number): Promise<void> {
    setIsFetchingReceipt(true);
    try {
      await downloadFile(statementPaths.paymentReceipt(paymentId), `myprosper-receipt-${paymentId}.pdf`);
    } catch (failure) {
      notify.error(errorMessage(failure));
    } finally {
      setIsFetchingReceipt(false);
    }
  }
  const isUpcoming = session.sessionStatus === 'UPCOMING';
  const callPath = session.sessionType === 'GROUP' ? paths.groupCall(session.id) : paths.call(session.id);
  const [clock, setClock] = useState(now);
  const entry = callEntry(session, viewer, clock, rules);
  const { opensAt, closesAt } = callWindow(session, rules);
  // The page shows Start/Join from the moment the call opens, and not after it closes, without a reload.
  useEffect(() => {
    const next = entry === 'notYet' ? opensAt : entry === 'open' ? closesAt : null;
    if (!next) return;
    const wait = next.getTime() - Date.now();
    if (wait > 2_147_483_647) return;
    const timer = setTimeout(() => setClock(new Date()), Math.max(0, wait) + 250);
    return () => clearTimeout(timer);
  }, [entry, opensAt, closesAt]);
  const startLabel = viewer.isAdvisor ? 'Start session' : 'Join session';

  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      {entry === 'open' && (
        <Button component={Link} to={callPath} size="md">
          {startLabel}
        </Button>
      )}
      {entry === 'notYet' && (
        <Text fz="sm" c="dimmed" style={{ alignSelf: 'center' }}>
          {viewer.isAdvisor ? 'You can start the session' : 'You can join the session'} from{' '}
          {instantInWords(opensAt.toISOString())} (East Africa Time)
        </Text>
      )}
      {isUpcoming && isActive(session) && !session.yourInvitation && (
        <Button
          variant="light"
          size="md"
          loading={calendar.isPending}
          onClick={() =>
            calendar.mutate(session.id, { onError: (failure) => notify.error(errorMessage(failure)) })
          }
        >
          Add to calendar
        </Button>
      )}
      {canReschedule(session, viewer, now, rules?.rescheduleCutoffHours) && (
        <Button
          component={Link}
          to={paths.reschedule(session.id, session.advisor.id)}
          variant="default"
          size="md"
        >
          Reschedule
        </Button>
      )}
      {receiptOf !== null && (
        <Button
          variant="default"
          size="md"
          loading={isFetchingReceipt}
          onClick={() => void downloadReceipt(receiptOf)}
        >
          Download receipt
        </Button>
      )}
      <Button component={Link} to={paths.topic(session.topic.id)} variant="default" size="md">
        Topic tips
      </Button>
      {canCancel(session, viewer, now) && (
        <Button variant="light" color="red" size="md" onClick={() => setIsCancelling(true)}>
          Cancel session
        </Button>
      )}
      <CancelSessionDialog
        sessionId={session.id}
        opened={isCancelling}
        onClose={() => setIsCancelling(false)}
      />
    </SimpleGrid>
  );
}
