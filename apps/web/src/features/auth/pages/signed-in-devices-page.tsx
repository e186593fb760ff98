import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { SignInView } from '@myprosper/contract/auth';
import { platformTimeZone } from '@myprosper/contract/dates';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useEndSignIn, useSignIns } from '../api/sign-ins.ts';
import { BackToProfile, LoadFailed } from '../components/account-page-parts.tsx';
import { AuthCard } from '../components/auth-card.tsx';

/** Instants as the platform reads them (East Africa Time): '3 Mar 2026, 14:05'. */
const instant = new Intl.DateTimeFormat('en-GB', {
  timeZone: platformTimeZone,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * /profile/devices: where the account is signed in (one entry per log-in on a browser or device), this one first;
 * any other can be signed out, and its next call sends it to log in.
 */
export function SignedInDevicesPage() {
  useDocumentTitle('Signed-in devices');
  const signIns = useSignIns();

  return (
    <AuthCard
      heading="Signed-in devices"
      intro="Where your account is signed in. Sign out any device you no longer use or do not recognise."
    >
      <Stack gap="md">
        {signIns.isError ? (
          <LoadFailed onRetry={() => void signIns.refetch()} />
        ) : !signIns.data ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading">
            <Skeleton height={76} radius="md" />
            <Skeleton height={76} radius="md" />
          </Stack>
        ) : (
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Signed-in devices"
          >
            {signIns.data.map((signIn) => (
              <DeviceItem key={signIn.id} signIn={signIn} />
            ))}
          </Stack>
        )}
        <Text ta="center" fz="sm">
          Keep others out even when they have your password:{' '}
          <Anchor component={Link} to={paths.twoStep} fw={600}>
            two-step sign-in
          </Anchor>
        </Text>
        <BackToProfile />
      </Stack>
    </AuthCard>
  );
}

function DeviceItem({ signIn }: { signIn: SignInView }) {
  const endSignIn = useEndSignIn();
  const nameId = useId();
  const name = signIn.device ?? 'Unknown device';

  async function signOut(): Promise<void> {
    try {
      const answer = await endSignIn.mutateAsync(signIn.id);
      notify.success(answer.message);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="nowrap" align="center" gap="sm">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text fw={600} id={nameId} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            {signIn.current && (
              <Badge color="teal" variant="light" size="sm">
                This device
              </Badge>
            )}
          </Group>
          <Text fz="sm" c="dimmed">
            Signed in {instant.format(new Date(signIn.signedInAt))}
          </Text>
          <Text fz="sm" c="dimmed">
            Last used {instant.format(new Date(signIn.lastUsedAt))}
          </Text>
        </Stack>
        {!signIn.current && (
          <Button
            variant="light"
            color="red"
            size="xs"
            style={{ flexShrink: 0 }}
            aria-describedby={nameId}
            loading={endSignIn.isPending}
            onClick={() => void signOut()}
          >
            Sign out
          </Button>
        )}
      </Group>
    </Paper>
  );
}
