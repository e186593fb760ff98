import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { JourneyEntry } from '@myprosper/contract/journal';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { journeyWhen } from '../lib/journey-dates.ts';
import { ActionItemRow } from './action-item-row.tsx';

/** One session of a journey: when and with whom, the mentor's notes, the mentee's own, open items. */
export function JourneyEntryCard({ entry, as }: { entry: JourneyEntry; as: 'MENTEE' | 'MENTOR' }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={`${entry.topic.name}, ${journeyWhen(entry.startTime)}`}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={paths.session(entry.sessionId)}
            fw={700}
            style={{ overflowWrap: 'anywhere' }}
          >
            {entry.topic.name}
          </Anchor>
          <Text fz="sm" c="dimmed">
            {journeyWhen(entry.startTime)}
            {as === 'MENTEE' ? ` · with ${entry.mentor.name}` : ''}
          </Text>
        </div>
        {entry.openItems.length > 0 && (
          <Badge color="orange" variant="light" radius="sm" style={{ flexShrink: 0 }}>
            {entry.openItems.length} open
          </Badge>
        )}
      </Group>
      <Stack gap="xs" mt="sm">
        {entry.mentorNotes && (
          <div>
            <Text fz="xs" fw={600} tt="uppercase" c="dimmed">
              {as === 'MENTEE' ? "Mentor's notes" : 'Your notes'}
            </Text>
            <Text fz="sm" lineClamp={6} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {entry.mentorNotes.body}
            </Text>
          </div>
        )}
        {entry.ownNotes && (
          <div>
            <Text fz="xs" fw={600} tt="uppercase" c="dimmed">
              Your own notes
            </Text>
            <Text fz="sm" lineClamp={6} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {entry.ownNotes.body}
            </Text>
          </div>
        )}
        {entry.openItems.length > 0 && (
          <div>
            <Text fz="xs" fw={600} tt="uppercase" c="dimmed" mb={4}>
              Open action items
            </Text>
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {entry.openItems.map((item) => (
                <li key={item.id}>
                  <ActionItemRow item={item} as={as === 'MENTEE' ? 'MENTEE' : 'READER'} />
                </li>
              ))}
            </Stack>
          </div>
        )}
        {!entry.mentorNotes && !entry.ownNotes && entry.openItems.length === 0 && (
          <Text fz="sm" c="dimmed">
            No notes or open action items.
          </Text>
        )}
        {entry.doneItems > 0 && (
          <Text fz="xs" c="teal.8">
            {entry.doneItems} action item{entry.doneItems === 1 ? '' : 's'} done
          </Text>
        )}
      </Stack>
    </Card>
  );
}
