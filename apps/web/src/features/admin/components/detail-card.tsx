import { Card, Group, type MantineSpacing, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The card at the top of a detail page (a person, a session): what it is (`summary`) with its actions on
 * the right, then the rest (`children`: alerts, facts).
 */
export function DetailCard({
  summary,
  actions,
  children,
}: {
  summary: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" align="flex-start">
        {summary}
        {actions}
      </Group>
      {children}
    </Card>
  );
}

/** The facts of a detail card, three to a row on wider screens. */
export function FactGrid({ mt, children }: { mt: MantineSpacing; children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} mt={mt}>
      {children}
    </SimpleGrid>
  );
}

/**
 * One fact of a detail card: a small uppercase label over its value, a paragraph (or, with `block`, a
 * div).
 */
export function Fact({
  label,
  block = false,
  children,
}: {
  label: string;
  block?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <Text fz="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text component={block ? 'div' : undefined}>{children}</Text>
    </div>
  );
}
