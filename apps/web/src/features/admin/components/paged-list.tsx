import { Group, Pagination, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { EmptyState, QueryView } from './admin-page.tsx';

type Paging = { page: number; pageSize: number; setPage: (page: number) => void };

/**
 * The page a list shows. A filter's setter wrapped by `filtered` shows page 1 again, since the page the
 * admin was on may not exist in the new results.
 */
export function usePaging(pageSize = 25) {
  const [page, setPage] = useState(1);
  function filtered<T>(set: (value: T) => void): (value: T) => void {
    return (value) => {
      set(value);
      setPage(1);
    };
  }
  return { page, pageSize, setPage, filtered };
}

/**
 * A page of a list the API answers (loading and failure as QueryView shows them), then the page numbers.
 * With `empty`, an empty page shows that line instead (and no page numbers).
 */
export function PagedList<T>({
  query,
  paging,
  empty,
  children,
}: {
  query: UseQueryResult<{ items: T[]; total: number }>;
  paging: Paging;
  empty?: string;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <QueryView query={query}>
      {(data) =>
        empty !== undefined && data.items.length === 0 ? (
          <EmptyState>{empty}</EmptyState>
        ) : (
          <>
            {children(data.items)}
            <Pager
              page={paging.page}
              pageSize={paging.pageSize}
              total={data.total}
              onChange={paging.setPage}
            />
          </>
        )
      }
    </QueryView>
  );
}

/** Page numbers under a list, with how many items there are. */
function Pager({
  page,
  pageSize,
  total,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" mt="md">
      <Text fz="sm" c="dimmed">
        {total === 1 ? '1 result' : `${total.toLocaleString('en-KE')} results`}
      </Text>
      {pages > 1 && (
        <Pagination
          value={page}
          total={pages}
          onChange={onChange}
          size="sm"
          getControlProps={(control) => ({
            'aria-label':
              control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
          })}
        />
      )}
    </Group>
  );
}
