import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useSessionRules } from './session-rules-api.ts';

/**
 * The policy people read before they pay (the booking statement, the voucher page), in the words the server
 * answers from the rules it enforces (fetched once per visit).
 */
export function SessionPolicy() {
  const rules = useSessionRules();
  if (rules.isError) return null;
  if (!rules.data) return <Skeleton height={60} radius="sm" aria-label="Loading the session policy" />;
  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-label="Session policy">
      <Text fz="sm" fw={700} mb={6}>
        Before you pay
      </Text>
      <Stack gap={6}>
        {rules.data.policy.map((line) => (
          <Text key={line.title} fz="xs" data-testid="policy-line">
            <Text span fw={600} inherit>
              {line.title}.
            </Text>{' '}
            {line.text}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
