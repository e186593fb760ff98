import { Table, type TableTdProps, Text } from '@mantine/core';
import { formatKes } from '@myprosper/contract/payments';
import type { ReactNode } from 'react';

/**
 * A table of records: its header cells (`head`), then a row per record (`children`). With `minWidth` it
 * scrolls sideways on screens narrower than that.
 */
export function DataTable({
  head,
  minWidth,
  striped = false,
  highlightOnHover = false,
  children,
}: {
  head: ReactNode;
  minWidth?: number;
  striped?: boolean;
  highlightOnHover?: boolean;
  children: ReactNode;
}) {
  const table = (
    <Table striped={striped} highlightOnHover={highlightOnHover} verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>{head}</Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
  return minWidth === undefined ? (
    table
  ) : (
    // Focusable, so a keyboard can scroll a table wider than the screen (axe: scrollable-region-focusable).
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
      {table}
    </Table.ScrollContainer>
  );
}

/** The header of a column of buttons (Edit, Pay…). */
export function ActionsHeader({ w, children }: { w?: number; children: string }) {
  return (
    <Table.Th w={w}>
      <Text span fz="sm" fw={700}>
        {children}
      </Text>
    </Table.Th>
  );
}

/** An amount of money in a table, right-aligned like the other figures. */
export function MoneyCell({ amount, fw }: { amount: number; fw?: TableTdProps['fw'] }) {
  return (
    <Table.Td ta="right" fw={fw}>
      {formatKes(amount)}
    </Table.Td>
  );
}

/** A cell of two lines: the main one, and a smaller dimmed detail under it (an e-mail, a program…). */
export function DetailedCell({ main, detail }: { main: ReactNode; detail: ReactNode }) {
  return (
    <Table.Td>
      <Text fz="sm">{main}</Text>
      <Text fz="xs" c="dimmed">
        {detail}
      </Text>
    </Table.Td>
  );
}
