import { Alert, Button, Group, Text } from '@mantine/core';
import { verificationMessages } from '@myprosper/contract/verification';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { usePhoneStatus } from './phone-verification-api.ts';

/**
 * Shown where booking or paying would be refused (403 phoneNotVerified): the message and the way to the
 * verify screen, which comes back here once the phone is verified.
 */
export function PhoneNotVerifiedNotice({ enabled = true }: { enabled?: boolean }) {
  const status = usePhoneStatus(enabled);
  const navigate = useNavigate();
  const location = useLocation();
  if (!enabled || !status.data || status.data.data.verified) return null;
  return (
    <Alert color="yellow" variant="light" mb="md" role="status">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={600}>{verificationMessages.phoneNotVerified}</Text>
        <Button
          size="sm"
          onClick={() =>
            void navigate(paths.verifyPhone, { state: { from: `${location.pathname}${location.search}` } })
          }
        >
          Verify phone
        </Button>
      </Group>
    </Alert>
  );
}
