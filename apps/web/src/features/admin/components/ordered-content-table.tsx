import { Button, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { ActionsHeader, DataTable } from './data-table.tsx';
import { OrderButtons } from './order-buttons.tsx';
import { StatusBadge } from './status-badge.tsx';

/**
 * Content the public sees in the order set here (FAQs, testimonials): a row per item with buttons to move
 * it, its own cells, whether it is shown or hidden, and Edit.
 */
export function OrderedContentTable<T extends { id: number; isActive: boolean }>({
  items,
  head,
  cells,
  nameOf,
  minWidth,
  isMoving,
  onMove,
  onEdit,
}: {
  items: readonly T[];
  /** The header cells of the item's own columns. */
  head: ReactNode;
  cells: (item: T) => ReactNode;
  /** The item as the move and Edit buttons name it. */
  nameOf: (item: T) => string;
  minWidth?: number;
  isMoving: boolean;
  onMove: (from: number, to: number) => void;
  onEdit: (item: T) => void;
}) {
  return (
    <DataTable
      minWidth={minWidth}
      highlightOnHover
      head={
        <>
          <Table.Th w={90}>Order</Table.Th>
          {head}
          <Table.Th w={110}>Status</Table.Th>
          <ActionsHeader w={80}>Edit</ActionsHeader>
        </>
      }
    >
      {items.map((item, index) => (
        <Table.Tr key={item.id}>
          <Table.Td>
            <OrderButtons
              name={nameOf(item)}
              index={index}
              count={items.length}
              disabled={isMoving}
              onMove={onMove}
            />
          </Table.Td>
          {cells(item)}
          <Table.Td>
            <StatusBadge
              status={item.isActive ? 'ACTIVE' : 'HIDDEN'}
              label={item.isActive ? 'Shown' : 'Hidden'}
            />
          </Table.Td>
          <Table.Td>
            <Button
              size="xs"
              variant="default"
              onClick={() => onEdit(item)}
              aria-label={`Edit ${nameOf(item)}`}
            >
              Edit
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
