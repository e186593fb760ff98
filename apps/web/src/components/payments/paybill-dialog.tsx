import {
  Alert,
  Button,
  CopyButton,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { mpesaCodePattern, normaliseMpesaCode } from '@myprosper/contract/paybill';
import { formatKes } from '@myprosper/contract/payments';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../lib/notify.ts';
import { FormError } from '../form-error.tsx';
import { usePaybillDetails, useSendPaybillCode } from './paybill-api.ts';
import { getLastPayment, paymentKeys } from './payments-api.ts';

/**
 * "Pay with Paybill" (issue 21): when the M-PESA prompt fails or never comes, the mentee pays our Paybill from
 * the M-PESA menu with the booking's account reference and the exact amount; the payment confirms the booking
 * by itself, and the M-PESA code from the SMS can be typed to have it checked at once.
 */
export default function PaybillDialog({
  opened,
  sessionId,
  onClose,
}: {
  opened: boolean;
  sessionId: number;
  onClose: () => void;
}) {
  const details = usePaybillDetails(sessionId, { enabled: opened });
  const send = useSendPaybillCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const checking = details.data?.lastCode?.status === 'CHECKING';
  // The booking is paid once a payment by Paybill succeeds: asked every few seconds while the dialog is open.
  const last = useQuery({
    queryKey: paymentKeys.lastPayment(sessionId),
    queryFn: ({ signal }) => getLastPayment(sessionId, signal),
    enabled: opened,
    refetchInterval: (query) => (query.state.data?.status === 'SUCCEEDED' ? false : 3_000),
  });
  const paid = last.data?.status === 'SUCCEEDED' && !last.data.note ? last.data : null;

  useEffect(() => {
    if (opened) {
      setCode('');
      setError(null);
    }
  }, [opened]);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const typed = normaliseMpesaCode(code);
    if (!mpesaCodePattern.test(typed)) {
      setError('Please enter the 10-character M-PESA code from your confirmation SMS');
      return;
    }
    setError(null);
    send.mutate({ sessionId, code: typed }, { onError: (failure) => setError(errorMessage(failure)) });
  }

  const info = details.data;
  const refused = info?.lastCode?.status === 'REFUSED' ? info.lastCode : null;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Pay with Paybill"
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {details.isPending && opened ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text fz="sm">Loading the Paybill details…</Text>
        </Group>
      ) : details.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(details.error)}
        </Alert>
      ) : paid ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status" title="Payment received">
            {formatKes(paid.amount)} paid by {paid.phoneNumber ? 'M-PESA' : 'M-PESA Paybill'}
            {paid.receipt ? `, M-PESA code ${paid.receipt}` : ''}. Your session is paid.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      ) : info && info.amount === 0 ? (
        <Stack gap="md">
          <Text>There is nothing left to pay for this session.</Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      ) : info ? (
        <Stack gap="md">
          <Text fz="sm">
            On your phone open M-PESA, choose Lipa na M-PESA, then Pay Bill, and enter exactly these:
          </Text>
          <Table withRowBorders={false} verticalSpacing={4} aria-label="Paybill details">
            <Table.Tbody>
              <DetailRow label="Business number" value={info.businessNumber} />
              <DetailRow label="Account number" value={info.accountReference} />
              <DetailRow label="Amount" value={String(info.amount)} shown={formatKes(info.amount)} />
            </Table.Tbody>
          </Table>
          <Text fz="sm" c="dimmed">
            Your booking is confirmed as soon as M-PESA tells us. If it is not within a minute, type the code
            from your M-PESA confirmation SMS.
          </Text>
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <TextInput
                label="M-PESA code"
                placeholder="e.g. TKR3ABC1XY"
                autoCapitalize="characters"
                autoComplete="off"
                value={code}
                maxLength={14}
                onChange={(event) => {
                  setCode(event.currentTarget.value);
                  setError(null);
                }}
                error={error !== null}
              />
              <FormError message={error} />
              {checking && (
                <Group gap="sm" role="status">
                  <Loader size="sm" />
                  <Text fz="sm">Checking your M-PESA code with M-PESA…</Text>
                </Group>
              )}
              {refused && !error && (
                <Alert color="red" variant="light" role="alert" title={`Code ${refused.code} not accepted`}>
                  {refused.reason}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  Close
                </Button>
                <Button type="submit" loading={send.isPending || checking}>
                  Confirm payment
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      ) : null}
    </Modal>
  );
}

function DetailRow({ label, value, shown }: { label: string; value: string; shown?: string }) {
  return (
    <Table.Tr>
      <Table.Th fw={500} c="dimmed" fz="sm" pl={0}>
        {label}
      </Table.Th>
      <Table.Td fw={700} ff="monospace" fz="md" style={{ whiteSpace: 'nowrap' }}>
        {shown ?? value}
      </Table.Td>
      <Table.Td pr={0} ta="right">
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={copy}
              aria-label={`Copy ${label.toLowerCase()}`}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Table.Td>
    </Table.Tr>
  );
}
