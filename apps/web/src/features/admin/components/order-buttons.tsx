import { ActionIcon, Group } from '@mantine/core';

/** Moves an item of an ordered list one place up or down. */
export function OrderButtons({
  name,
  index,
  count,
  disabled,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  disabled?: boolean;
  onMove: (from: number, to: number) => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        aria-label={`Move ${name} up`}
        disabled={disabled || index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        ↑
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={`Move ${name} down`}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        ↓
      </ActionIcon>
    </Group>
  );
}

/** The ids in their new order after moving one item. */
export function moved<T extends { id: number }>(items: readonly T[], from: number, to: number): number[] {
  const ids = items.map((item) => item.id);
  const [id] = ids.splice(from, 1);
  ids.splice(to, 0, id!);
  return ids;
}
