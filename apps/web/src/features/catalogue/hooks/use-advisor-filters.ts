import { timeBands, weekDays } from '@myprosper/contract/dates';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type AdvisorFilterValues, noAdvisorFilters } from '../api/get-topic-advisors.ts';

/**
 * The mentor filters, held as state (so a tick shows at once) and mirrored in the address
 * (?topicId=3&days=Monday,Friday&timeBands=…&industries=1,2&languages=3), so a filtered list can be shared,
 * bookmarked and reloaded. Back and forward restore the filters of that address. Unknown values in a
 * hand-edited address are dropped.
 */
export function useAdvisorFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [filters, setFilterState] = useState(() => readFilters(searchParams));

  // The address changed without us (back, forward, a shared link): adopt its filters.
  const addressKey = filterKey(readFilters(searchParams));
  const [seenAddressKey, setSeenAddressKey] = useState(addressKey);
  if (addressKey !== seenAddressKey) {
    setSeenAddressKey(addressKey);
    if (addressKey !== filterKey(filters)) setFilterState(readFilters(searchParams));
  }

  const setFilters = useCallback(
    (change: Partial<AdvisorFilterValues>) => {
      const next = normalise({ ...filters, ...change });
      setFilterState(next);
      setSearchParams(
        (params) => {
          const written = new URLSearchParams(params);
          writeList(written, 'topicId', next.topicId === null ? [] : [next.topicId]);
          writeList(written, 'days', next.days);
          writeList(written, 'timeBands', next.timeBands);
          writeList(written, 'industries', next.industries);
          writeList(written, 'languages', next.languages);
          return written;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [filters, setSearchParams],
  );

  const clearFilters = useCallback(() => setFilters(noAdvisorFilters), [setFilters]);

  const activeCount =
    (filters.topicId === null ? 0 : 1) +
    filters.days.length +
    filters.timeBands.length +
    filters.industries.length +
    filters.languages.length;

  return { filters, setFilters, clearFilters, activeCount };
}

/** Days and time bands in the spec's order, whatever order they were ticked in. */
function normalise(filters: AdvisorFilterValues): AdvisorFilterValues {
  return {
    ...filters,
    days: weekDays.filter((day) => filters.days.includes(day)),
    timeBands: timeBands.filter((band) => filters.timeBands.includes(band)),
  };
}

function filterKey(filters: AdvisorFilterValues): string {
  return JSON.stringify(filters);
}

/** The filters an address asks for. */
export function readFilters(params: URLSearchParams): AdvisorFilterValues {
  return {
    topicId: parseIds(params.get('topicId'))[0] ?? null,
    days: parseEnum(params.get('days'), weekDays),
    timeBands: parseEnum(params.get('timeBands'), timeBands),
    industries: parseIds(params.get('industries')),
    languages: parseIds(params.get('languages')),
  };
}

function parseEnum<T extends string>(value: string | null, allowed: readonly T[]): T[] {
  if (!value) return [];
  const parts = new Set(value.split(','));
  return allowed.filter((item) => parts.has(item));
}

function parseIds(value: string | null): number[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((id) => id > 0 && id <= 2_147_483_647);
  return [...new Set(ids)];
}

function writeList(params: URLSearchParams, name: string, values: readonly (string | number)[]) {
  if (values.length === 0) params.delete(name);
  else params.set(name, values.join(','));
}
