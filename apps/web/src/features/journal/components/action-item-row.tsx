import { Badge, Checkbox, CloseButton, Group, Text } from '@mantine/core';
import { formatDateChip } from '@myprosper/contract/dates';
import type { ActionItem } from '@myprosper/contract/journal';
import { useState } from 'react';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useRemoveActionItem, useTickActionItem } from '../api/change-action-item.ts';

/** 'Due Mon 3rd, Jan 2022', or nothing. */
export function dueText(item: Pick<ActionItem, 'dueOn'>): string | null {
  return item.dueOn ? `Due ${formatDateChip(item.dueOn)}` : null;
}

/**
 * One action item: its mentee ticks it (a real checkbox, its label the item); the mentor sees whose it is and
 * whether it is done, and may remove it.
 */
export function ActionItemRow({
  item,
  as,
  showWhose = false,
}: {
  item: ActionItem;
  as: 'MENTEE' | 'MENTOR' | 'READER';
  showWhose?: boolean;
}) {
  const tick = useTickActionItem();
  const remove = useRemoveActionItem();
  const due = dueText(item);
  // The tick shows at once, until the item as answered after it (its doneAt changed) or a failure settles it.
  const [ticked, setTicked] = useState<{ done: boolean; from: string | null } | null>(null);
  const isDone = ticked && ticked.from === item.doneAt ? ticked.done : item.doneAt !== null;
  const details = (
    <Group gap={6} mt={2}>
      {due && (
        <Text fz="xs" c="dimmed">
          {due}
        </Text>
      )}
      {showWhose && (
        <Text fz="xs" c="dimmed">
          For {item.adviseeName}
        </Text>
      )}
    </Group>
  );

  if (as === 'MENTEE') {
    return (
      <Checkbox
        checked={isDone}
        disabled={tick.isPending}
        onChange={(event) => {
          const done = event.currentTarget.checked;
          setTicked({ done, from: item.doneAt });
          tick.mutate(
            { itemId: item.id, done },
            {
              onSuccess: (answer) => notify.success(answer.message),
              onError: (failure) => {
                setTicked(null);
                notify.error(errorMessage(failure));
              },
            },
          );
        }}
        label={
          <Text
            component="span"
            td={isDone ? 'line-through' : undefined}
            style={{ overflowWrap: 'anywhere' }}
          >
            {item.title}
          </Text>
        }
        description={due ?? undefined}
        size="md"
        styles={{ body: { alignItems: 'flex-start' } }}
      />
    );
  }
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
      <div style={{ minWidth: 0 }}>
        <Text td={isDone ? 'line-through' : undefined} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Text>
        {details}
      </div>
      <Group gap={4} wrap="nowrap">
        <Badge variant="light" color={isDone ? 'teal' : 'gray'} radius="sm">
          {isDone ? 'Done' : 'Open'}
        </Badge>
        {as === 'MENTOR' && (
          <CloseButton
            aria-label={`Remove “${item.title}”`}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(item.id, {
                onSuccess: (answer) => notify.success(answer.message),
                onError: (failure) => notify.error(errorMessage(failure)),
              })
            }
          />
        )}
      </Group>
    </Group>
  );
}
