import { Button, Chip, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { timeBands, weekDays } from '@myprosper/contract/dates';
import { messages } from '@myprosper/contract/messages';
import { useId } from 'react';
import { useIndustries } from '../api/get-industries.ts';
import { useLanguages } from '../api/get-languages.ts';
import { useLiveTopics } from '../api/get-live-topics.ts';
import type { AdvisorFilterValues } from '../api/get-topic-advisors.ts';
import { CheckboxOptionList, RadioOptionList } from './filter-option-list.tsx';

/** The mentor filter panel of spec 2.8: program, days, times, industries, languages. */
export function AdvisorFilters({
  filters,
  onChange,
  onClear,
  activeCount,
}: {
  filters: AdvisorFilterValues;
  onChange: (change: Partial<AdvisorFilterValues>) => void;
  onClear: () => void;
  activeCount: number;
}) {
  const topics = useLiveTopics();
  const industries = useIndustries();
  const languages = useLanguages();
  const daysLabel = useId();
  const timesLabel = useId();

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700} size="lg" component="h2" m={0}>
          Filters
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={onClear} disabled={activeCount === 0}>
          Clear filters
        </Button>
      </Group>

      {topics.isPending ? (
        <OptionsSkeleton />
      ) : topics.isError ? (
        <OptionsError label="Programs" />
      ) : (
        <RadioOptionList
          label="Programs"
          allLabel="All programs"
          options={topics.data}
          value={filters.topicId}
          onChange={(topicId) => onChange({ topicId })}
        />
      )}

      <Divider />
      <Stack gap={8} role="group" aria-labelledby={daysLabel}>
        <Text fw={600} size="sm" id={daysLabel}>
          Days
        </Text>
        <Chip.Group
          multiple
          value={filters.days}
          onChange={(days) => onChange({ days: weekDays.filter((day) => days.includes(day)) })}
        >
          <Group gap={6}>
            {weekDays.map((day) => (
              <Chip key={day} value={day} size="xs" variant="outline">
                {day}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>

      <Stack gap={8} role="group" aria-labelledby={timesLabel}>
        <Text fw={600} size="sm" id={timesLabel}>
          Times
        </Text>
        <Chip.Group
          multiple
          value={filters.timeBands}
          onChange={(bands) => onChange({ timeBands: timeBands.filter((band) => bands.includes(band)) })}
        >
          <Group gap={6}>
            {timeBands.map((band) => (
              <Chip key={band} value={band} size="xs" variant="outline">
                {band}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>

      <Divider />
      {industries.isPending ? (
        <OptionsSkeleton />
      ) : industries.isError ? (
        <OptionsError label="Industries" />
      ) : (
        <CheckboxOptionList
          label="Industries"
          options={industries.data}
          value={filters.industries}
          onChange={(ids) => onChange({ industries: ids })}
        />
      )}

      {languages.isPending ? (
        <OptionsSkeleton />
      ) : languages.isError ? (
        <OptionsError label="Languages" />
      ) : (
        <CheckboxOptionList
          label="Languages"
          options={languages.data}
          value={filters.languages}
          onChange={(ids) => onChange({ languages: ids })}
        />
      )}
    </Stack>
  );
}

function OptionsSkeleton() {
  return (
    <Stack gap={8} aria-hidden="true">
      <Skeleton height={14} width="40%" />
      <Skeleton height={12} width="80%" />
      <Skeleton height={12} width="70%" />
      <Skeleton height={12} width="75%" />
    </Stack>
  );
}

function OptionsError({ label }: { label: string }) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Text size="sm" c="dimmed">
        {messages.loadError}
      </Text>
    </Stack>
  );
}
