import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { b2cPaysFromAccount, type MpesaBalance } from '@myprosper/contract/mpesa-disbursements';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useCheckMpesaBalance, useMpesaBalance } from '../api/mpesa-balance.ts';
import { formatDateTime } from '../lib/format.ts';
import { AdminSection, QueryView } from './admin-page.tsx';
import { DataTable } from './data-table.tsx';

/** An M-PESA amount (it may carry cents): 'KES 4,999,485.00'. */
function formatBalance(amount: number): string {
  return `KES ${amount.toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

function BalanceLines({ balance }: { balance: MpesaBalance }) {
  if (balance.accounts.length === 0) {
    return balance.requested ? null : <Text fz="sm">Not checked yet.</Text>;
  }
  return (
    <Stack gap="xs">
      <DataTable
        head={
          <>
            <Table.Th>Account</Table.Th>
            <Table.Th ta="right">Available</Table.Th>
          </>
        }
      >
        {balance.accounts.map((line) => {
          const paysB2c = line.account === b2cPaysFromAccount;
          return (
            <Table.Tr key={line.account} data-testid={paysB2c ? 'mpesa-utility-balance' : undefined}>
              <Table.Td>
                <Text fz="sm" fw={paysB2c ? 700 : 400}>
                  {line.account}
                </Text>
                {paysB2c ? (
                  <Text fz="xs" c="dimmed">
                    Payouts, refunds and withdrawals are paid from it
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right" fw={paysB2c ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
                {line.currency === 'KES'
                  ? formatBalance(line.available)
                  : `${line.currency} ${line.available}`}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </DataTable>
      <Text fz="sm" c="dimmed">
        Checked {formatDateTime(balance.checkedAt)}
      </Text>
    </Stack>
  );
}

/** The B2C shortcode's balance: the latest Account Balance answer, and a button to ask M-PESA again. */
export function MpesaBalanceSection() {
  const balance = useMpesaBalance();
  const check = useCheckMpesaBalance();
  const asking = check.isPending || balance.data?.requested === true;
  return (
    <AdminSection
      title="M-PESA B2C account"
      description="What M-PESA holds on the shortcode that pays mentors, refunds and withdrawals. A check is answered by M-PESA within seconds."
      style={{ marginBottom: 'var(--mantine-spacing-lg)' }}
    >
      <QueryView query={balance}>
        {(data) => (
          <Stack gap="sm" maw={560}>
            {data.problem ? (
              <Alert color="orange" variant="light" role="alert">
                {data.problem}
              </Alert>
            ) : null}
            <BalanceLines balance={data} />
            <Group gap="sm">
              <Button
                variant="default"
                loading={check.isPending}
                disabled={asking}
                onClick={() =>
                  check.mutate(undefined, {
                    onSuccess: (answer) => notify.success(answer.message),
                    onError: (failure) => notify.error(errorMessage(failure)),
                  })
                }
              >
                Check balance
              </Button>
              {data.requested ? (
                <Group gap="xs" aria-live="polite">
                  <Loader size="xs" />
                  <Text fz="sm">Asking M-PESA…</Text>
                </Group>
              ) : null}
            </Group>
          </Stack>
        )}
      </QueryView>
    </AdminSection>
  );
}
