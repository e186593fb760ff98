import { Group, type MantineSpacing, Select, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { humanize } from '../lib/format.ts';

/** The line of filters above a list, aligned on the bottom of their fields. */
export function FilterBar({ gap = 'sm', children }: { gap?: MantineSpacing; children: ReactNode }) {
  return (
    <Group mb="md" align="flex-end" gap={gap}>
      {children}
    </Group>
  );
}

/** A text to look for, taking the room the other filters leave. */
export function SearchField({
  label = 'Search',
  placeholder,
  minWidth = 220,
  value,
  onChange,
}: {
  label?: string;
  placeholder: string;
  minWidth?: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      style={{ flex: 1, minWidth }}
    />
  );
}

/** One code (a status, a provider…) to narrow a list to, or none ('Any'). */
export function CodeFilter<T extends string>({
  label = 'Status',
  placeholder = 'Any',
  codes,
  labelOf = humanize,
  w,
  mb,
  value,
  onChange,
}: {
  label?: string;
  placeholder?: string;
  codes: readonly T[];
  /** The words shown for a code: by default the code itself, humanized. */
  labelOf?: (code: T) => string;
  w: number;
  mb?: MantineSpacing;
  value: T | null;
  onChange: (value: T | null) => void;
}) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      clearable
      w={w}
      mb={mb}
      data={codes.map((code) => ({ value: code, label: labelOf(code) }))}
      value={value}
      onChange={(code) => onChange(code as T | null)}
    />
  );
}

/** From and To, two dates (yyyy-MM-dd, or '' for open-ended). */
export function DateRangeFields({
  from,
  to,
  onFromChange,
  onToChange,
}: {
  from: string;
  to: string;
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
}) {
  return (
    <>
      <TextInput
        label="From"
        type="date"
        value={from}
        onChange={(e) => onFromChange(e.currentTarget.value)}
      />
      <TextInput label="To" type="date" value={to} onChange={(e) => onToChange(e.currentTarget.value)} />
    </>
  );
}
