import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { TwoStepRecoveryItem } from '@myprosper/contract/two-step';
import { useState } from 'react';
import { EmailText } from '../../../components/email-text.tsx';
import { useDecideTwoStepRecovery, useTwoStepRecoveries } from '../api/two-step-recoveries.ts';
import { AdminPage, EmptyState, QueryView } from '../components/admin-page.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { formatDateTime, humanize } from '../lib/format.ts';
import { notifyOutcome } from '../lib/notify-outcome.ts';

/**
 * /admin/recoveries: owners locked out by a second factor they cannot use asked, through their e-mailed reset
 * link, that it be turned off. Approving turns it off and signs the account out everywhere; either way the owner
 * is e-mailed and the decision is in the audit log.
 */
export function TwoStepRecoveriesPage() {
  const recoveries = useTwoStepRecoveries();
  const decide = useDecideTwoStepRecovery();
  const [approving, setApproving] = useState<TwoStepRecoveryItem | null>(null);

  async function decideOne(item: TwoStepRecoveryItem, approve: boolean): Promise<void> {
    const decided = await notifyOutcome(
      () => decide.mutateAsync({ id: item.id, approve }),
      (answer) => `${answer.message}: ${item.name}`,
    );
    if (decided) setApproving(null);
  }

  return (
    <AdminPage
      title="Two-step recoveries"
      description="People who cannot give a two-step code and asked, from their e-mailed reset link, that it be turned off. Check with them (e.g. call their phone) before approving."
    >
      <QueryView query={recoveries}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState>No requests waiting</EmptyState>
          ) : (
            <Stack>
              {items.map((item) => (
                <Card key={item.id} withBorder padding="md" component="article" aria-label={item.name}>
                  <Stack gap={6}>
                    <Text fw={700}>
                      {item.name} · {humanize(item.role)}
                    </Text>
                    <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      <EmailText email={item.email} />
                    </Text>
                    <Text fz="sm">“{item.reason}”</Text>
                    <Text fz="xs" c="dimmed">
                      Asked {formatDateTime(item.requestedAt)} from {item.requestedFrom}
                      {item.twoStepOnSince
                        ? ` · two-step on since ${formatDateTime(item.twoStepOnSince)}`
                        : ''}
                      {item.lastSignInAt ? ` · last signed in ${formatDateTime(item.lastSignInAt)}` : ''}
                    </Text>
                    <Group gap="sm" mt="xs">
                      <Button color="red.8" onClick={() => setApproving(item)}>
                        Approve
                      </Button>
                      <Button
                        variant="default"
                        loading={
                          decide.isPending && decide.variables?.id === item.id && !decide.variables.approve
                        }
                        onClick={() => void decideOne(item, false)}
                      >
                        Refuse
                      </Button>
                    </Group>
                  </Stack>
                </Card>
              ))}
            </Stack>
          )
        }
      </QueryView>
      <ConfirmDialog
        opened={approving !== null}
        onClose={() => setApproving(null)}
        title="Turn off two-step sign-in?"
        keepLabel="Keep it on"
        confirmLabel="Turn it off"
        isConfirming={decide.isPending}
        onConfirm={() => approving && void decideOne(approving, true)}
      >
        <Text>
          {approving?.name} will sign in with their password alone, and every device signed in to the account
          is signed out. They are told by e-mail.
        </Text>
      </ConfirmDialog>
    </AdminPage>
  );
}
