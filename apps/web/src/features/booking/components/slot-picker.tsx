import { Chip, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { weekDays } from '@myprosper/contract/dates';
import { useId } from 'react';
import { bookingTexts } from '../lib/booking-texts.ts';
import {
  changeDay,
  changeTime,
  type DayChoice,
  dateChipLabel,
  findDay,
  findTime,
  type SlotSelection,
} from '../lib/slot-options.ts';

/**
 * Day select, time select ('HH:mm - HH:mm') and date chips ('Mon 3rd, Jan 2022', ascending) over a mentor's
 * free hours. Changing the day resets the time to its first slot and clears the date.
 */
export function SlotPicker({
  choices,
  value,
  onChange,
  disabled = false,
}: {
  choices: readonly DayChoice[];
  value: SlotSelection;
  onChange: (next: SlotSelection) => void;
  disabled?: boolean;
}) {
  const datesLabelId = useId();
  const radioName = useId();
  const day = findDay(choices, value.day);
  const time = findTime(choices, value);

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Day"
          data={choices.map((choice) => choice.day)}
          value={value.day}
          onChange={(next) => {
            if (next && (weekDays as readonly string[]).includes(next)) {
              onChange(changeDay(choices, next as (typeof weekDays)[number]));
            }
          }}
          allowDeselect={false}
          checkIconPosition="right"
          disabled={disabled}
        />
        <Select
          label="Time"
          data={(day?.times ?? []).map((choice) => ({ value: choice.time, label: choice.label }))}
          value={value.time}
          onChange={(next) => {
            if (next) onChange(changeTime(choices, value, next));
          }}
          allowDeselect={false}
          checkIconPosition="right"
          disabled={disabled || !day}
        />
      </SimpleGrid>
      <div>
        <Text id={datesLabelId} fz="sm" fw={500} mb={6}>
          Date
        </Text>
        {time && time.dates.length > 0 ? (
          <Chip.Group multiple={false} value={value.date} onChange={(date) => onChange({ ...value, date })}>
            <Group gap="xs" role="radiogroup" aria-labelledby={datesLabelId}>
              {time.dates.map((date) => (
                <Chip
                  key={date}
                  value={date}
                  type="radio"
                  name={radioName}
                  variant="outline"
                  disabled={disabled}
                >
                  {dateChipLabel(date)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        ) : (
          <Text fz="sm" c="dimmed">
            {bookingTexts.noFreeDates}
          </Text>
        )}
      </div>
    </Stack>
  );
}
