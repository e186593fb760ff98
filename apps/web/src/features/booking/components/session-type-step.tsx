import { Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { maxOtherAttendees } from '@myprosper/contract/booking';
import { messages } from '@myprosper/contract/messages';
import { groupShare } from '@myprosper/contract/pricing';
import type { SessionType } from '@myprosper/contract/sessions';
import { formatKes } from '../lib/money.ts';
import classes from './booking-flow.module.css';

interface Prices {
  individual: number | undefined;
  group: number | undefined;
}

/** Step 1: an individual session, or a group one shared with up to three others (with their prices). */
export function SessionTypeStep({
  prices,
  isLoading,
  isError,
  onChoose,
}: {
  prices: Prices;
  isLoading: boolean;
  isError: boolean;
  onChoose: (type: SessionType) => void;
}) {
  if (isError) {
    return (
      <Text role="alert" fw={600} ta="center" py="md">
        {messages.loadError}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Text>What kind of session would you like?</Text>
      <TypeOption
        title="Individual session"
        description="Just you and the mentor."
        price={prices.individual}
        isLoading={isLoading}
        onClick={() => onChoose('INDIVIDUAL')}
      />
      <TypeOption
        title="Group session"
        description={`You and 1 to ${maxOtherAttendees} others; the price is shared equally.`}
        price={prices.group}
        note={
          prices.group === undefined
            ? undefined
            : `for the group: ${formatKes(groupShare(prices.group, maxOtherAttendees))} to ${formatKes(groupShare(prices.group, 1))} each`
        }
        isLoading={isLoading}
        onClick={() => onChoose('GROUP')}
      />
    </Stack>
  );
}

function TypeOption({
  title,
  description,
  price,
  note,
  isLoading,
  onClick,
}: {
  title: string;
  description: string;
  price: number | undefined;
  note?: string;
  isLoading: boolean;
  onClick: () => void;
}) {
  return (
    <UnstyledButton className={classes.option} onClick={onClick} disabled={isLoading || price === undefined}>
      <Text fw={700} fz="lg">
        {title}
      </Text>
      <Text fz="sm" c="dimmed">
        {description}
      </Text>
      <Text fw={600} c="brand.7" mt={4}>
        {isLoading ? (
          <Loader size="xs" role="status" aria-label="Loading price" />
        ) : (
          price !== undefined && formatKes(price)
        )}
        {note && !isLoading && (
          <Text span fz="sm" fw={400} c="dimmed">
            {' '}
            {note}
          </Text>
        )}
      </Text>
    </UnstyledButton>
  );
}
