import { Button, Checkbox, Radio, Stack } from '@mantine/core';
import { useState } from 'react';

/** Spec 9: the mentor filters show the first 5 topics or industries (languages too), then a show-all control. */
export const filterPreviewCount = 5;

interface Option {
  id: number;
  name: string;
}

/** Options beyond the first 5 stay hidden until 'Show all', except the ones already chosen. */
function useVisibleOptions(options: Option[], selected: number[]) {
  const [showAll, setShowAll] = useState(false);
  const visible = showAll
    ? options
    : options.filter((option, index) => index < filterPreviewCount || selected.includes(option.id));
  const hiddenCount = options.length - visible.length;
  const toggle =
    options.length > filterPreviewCount ? (
      <Button
        variant="subtle"
        size="compact-sm"
        px={0}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => setShowAll((value) => !value)}
      >
        {showAll ? 'Show fewer' : `Show all (${options.length})`}
      </Button>
    ) : null;
  return { visible, hiddenCount, toggle };
}

/** Several may be chosen (industries, languages). */
export function CheckboxOptionList({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: Option[];
  value: number[];
  onChange: (value: number[]) => void;
}) {
  const { visible, toggle } = useVisibleOptions(options, value);
  return (
    <Checkbox.Group
      label={label}
      value={value.map(String)}
      onChange={(next) => onChange(next.map(Number))}
      styles={{ label: { fontWeight: 600, marginBottom: 8 } }}
    >
      <Stack gap={8}>
        {visible.map((option) => (
          <Checkbox key={option.id} value={String(option.id)} label={option.name} />
        ))}
        {toggle}
      </Stack>
    </Checkbox.Group>
  );
}

/** One at most (topics): 'All programs' clears the choice. */
export function RadioOptionList({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  options: Option[];
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  const { visible, toggle } = useVisibleOptions(options, value === null ? [] : [value]);
  return (
    <Radio.Group
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
      styles={{ label: { fontWeight: 600, marginBottom: 8 } }}
    >
      <Stack gap={8}>
        <Radio value="" label={allLabel} />
        {visible.map((option) => (
          <Radio key={option.id} value={String(option.id)} label={option.name} />
        ))}
        {toggle}
      </Stack>
    </Radio.Group>
  );
}
