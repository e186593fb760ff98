import { UnstyledButton } from '@mantine/core';
import type { WeekDayName } from '@myprosper/contract/dates';
import { slotKey, slotLabel, type WeekSlotKey } from '../lib/week-grid.ts';
import classes from './week-grid.module.css';

/** One hour of one day, on or off; its name says which ('Sunday 08:00 - 09:00'). */
export function SlotToggle({
  day,
  hour,
  isOn,
  onToggle,
  compact = false,
}: {
  day: WeekDayName;
  hour: number;
  isOn: boolean;
  onToggle: (key: WeekSlotKey) => void;
  /** In the grid the row already says the hour: the cell shows only a mark. */
  compact?: boolean;
}) {
  const label = slotLabel(hour);
  return (
    <UnstyledButton
      type="button"
      className={compact ? classes.cell : classes.chip}
      data-on={isOn || undefined}
      aria-pressed={isOn}
      aria-label={`${day} ${label}`}
      onClick={() => onToggle(slotKey(day, hour))}
    >
      {compact ? (isOn ? '✓' : '') : label}
    </UnstyledButton>
  );
}
