import { Card, Group, Image, Stack, Text } from '@mantine/core';
import type { Session } from '@myprosper/contract/sessions';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { otherParty, sessionWhen, type Viewer } from '../lib/session-view.ts';
import { PaymentBadge } from './payment-badge.tsx';

/** One session of the list: topic, the other side, time in words (East Africa Time) and status. */
export function SessionRow({ session, viewer }: { session: Session; viewer: Viewer }) {
  const party = otherParty(session, viewer);
  return (
    <Card component={Link} to={paths.session(session.id)} withBorder radius="md" padding="sm">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Image
          src={session.topic.imgUrl}
          alt=""
          w={64}
          h={64}
          radius="md"
          fit="cover"
          loading="lazy"
          style={{ flexShrink: 0 }}
        />
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Text fw={700} lineClamp={2}>
            {session.topic.name}
          </Text>
          <Text fz="sm" lineClamp={1}>
            {party.role}: {party.name}
          </Text>
          <Text fz="sm" c="dimmed">
            {sessionWhen(session)}
          </Text>
          <Group gap={6} mt={4}>
            <PaymentBadge session={session} viewer={viewer} />
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
