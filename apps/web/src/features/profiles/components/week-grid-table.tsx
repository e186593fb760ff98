import { Table, UnstyledButton } from '@mantine/core';
import { slotStartHours, type WeekDayName, weekDays } from '@myprosper/contract/dates';
import { countDaySlots, slotKey, slotLabel, type WeekSlotKey } from '../lib/week-grid.ts';
import { SlotToggle } from './slot-toggle.tsx';
import classes from './week-grid.module.css';

/** The week as a grid: days across, hours down; a day's heading selects or clears the whole day. */
export function WeekGridTable({
  chosen,
  onToggle,
  onToggleDay,
}: {
  chosen: ReadonlySet<WeekSlotKey>;
  onToggle: (key: WeekSlotKey) => void;
  onToggleDay: (day: WeekDayName) => void;
}) {
  return (
    <Table withTableBorder withColumnBorders layout="fixed" className={classes.table}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={128}>Time</Table.Th>
          {weekDays.map((day) => {
            const isFull = countDaySlots(chosen, day) === slotStartHours.length;
            return (
              <Table.Th key={day} ta="center">
                <UnstyledButton
                  type="button"
                  className={classes.dayButton}
                  onClick={() => onToggleDay(day)}
                  title={isFull ? `Clear ${day}` : `Select all of ${day}`}
                  aria-label={isFull ? `Clear ${day}` : `Select all of ${day}`}
                >
                  {day.slice(0, 3)}
                </UnstyledButton>
              </Table.Th>
            );
          })}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {slotStartHours.map((hour) => (
          <Table.Tr key={hour}>
            <Table.Th scope="row" fw={500} fz="sm">
              {slotLabel(hour)}
            </Table.Th>
            {weekDays.map((day) => (
              <Table.Td key={day} p={3}>
                <SlotToggle
                  day={day}
                  hour={hour}
                  isOn={chosen.has(slotKey(day, hour))}
                  onToggle={onToggle}
                  compact
                />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
