import { useDeferredValue, useEffect, useMemo, useState } from 'react';

interface QueryState {
  data: unknown;
  error: unknown;
  status: string;
  fetchStatus: string;
}

/** True until the first page of the visit has shown: see useDeferredQuery. */
let isFirstScreen = true;

/** The query as it looks while loading (for the first frame of the first page). */
function asLoading<Q extends QueryState>(query: Q): Q {
  return {
    ...query,
    data: undefined,
    error: null,
    status: 'pending',
    fetchStatus: 'fetching',
    isPending: true,
    isLoading: true,
    isFetching: true,
    isSuccess: false,
    isError: false,
    isPlaceholderData: false,
  };
}

/**
 * A query whose answer reaches the screen in a background render: React renders a long list in slices and a
 * phone stays responsive meanwhile (an answer renders at once otherwise, in one long task). The loading state
 * stays on screen until the list is ready: `const topics = useDeferredQuery(useLiveTopics());`.
 *
 * On the first page of a visit, an answer already there (requested beside the page's code) is shown the same
 * way: the page's frame paints first, the lists right after.
 */
export function useDeferredQuery<Q extends QueryState>(query: Q): Q {
  // useQuery gives a new object on every render: keep one per state, so only a change of state is deferred.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query's state, not its identity
  const settled = useMemo(() => query, [query.data, query.error, query.status, query.fetchStatus]);
  const [firstFrame] = useState(() =>
    isFirstScreen && query.status !== 'pending' ? asLoading(query) : undefined,
  );
  useEffect(() => {
    isFirstScreen = false;
  }, []);
  return useDeferredValue(settled, firstFrame);
}
