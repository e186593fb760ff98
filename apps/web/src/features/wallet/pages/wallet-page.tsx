import { Button, Card, Container, Skeleton, Tabs, Text, Title } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { formatKes } from '@myprosper/contract/payments';
import { walletTabs } from '@myprosper/contract/wallet';
import { useId, useState } from 'react';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useWalletBalance } from '../api/get-wallet.ts';
import { EarningsStatement } from '../components/earnings-statement.tsx';
import { MentorEarnings } from '../components/mentor-earnings.tsx';
import { MpesaTransfers } from '../components/mpesa-transfers.tsx';
import { TransactionList } from '../components/transaction-list.tsx';
import { WithdrawDialog } from '../components/withdraw-dialog.tsx';

/** /wallet: the balance (mentee: balance, mentor: walletBalance) and the Credited and Deducted tabs. */
export function WalletPage() {
  useDocumentTitle('Wallet');
  const { user, isAdvisor } = useSession();
  if (!user) return null;
  return <Wallet userId={user.userId} isAdvisor={isAdvisor} />;
}

function Wallet({ userId, isAdvisor }: { userId: number; isAdvisor: boolean }) {
  const balance = useWalletBalance(userId, isAdvisor);
  const balanceId = useId();
  const [withdrawing, setWithdrawing] = useState(false);

  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="lg">
        Wallet
      </Title>
      <Card withBorder radius="md" padding="lg" mb="xl" component="section" aria-labelledby={balanceId}>
        <Text id={balanceId} fz="sm" c="dimmed" fw={600} tt="uppercase">
          {isAdvisor ? 'Wallet balance' : 'Balance'}
        </Text>
        {balance.isPending ? (
          <Skeleton height={36} width={160} mt={6} />
        ) : balance.isError ? (
          <Text role="alert" fw={600} mt={6}>
            {messages.loadError}
          </Text>
        ) : (
          <Text fz={32} fw={700} lh={1.3} data-testid="wallet-balance">
            {formatKes(balance.data)}
          </Text>
        )}
        <Text fz="sm" c="dimmed" mt={4}>
          {isAdvisor
            ? 'What you have earned from sessions and not yet been paid out.'
            : 'Refunds and payments kept for you; used first when you pay for a session.'}
        </Text>
        {balance.data !== undefined && balance.data > 0 ? (
          <Button mt="md" variant="light" onClick={() => setWithdrawing(true)}>
            Withdraw to M-PESA
          </Button>
        ) : null}
      </Card>
      {isAdvisor && <MentorEarnings />}
      {isAdvisor && <EarningsStatement />}
      <WithdrawDialog opened={withdrawing} onClose={() => setWithdrawing(false)} />
      <MpesaTransfers />
      <Tabs defaultValue={walletTabs[0].type} keepMounted={false}>
        <Tabs.List grow mb="md">
          {walletTabs.map((tab) => (
            <Tabs.Tab key={tab.type} value={tab.type}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {walletTabs.map((tab) => (
          <Tabs.Panel key={tab.type} value={tab.type}>
            <TransactionList userId={userId} type={tab.type} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}
