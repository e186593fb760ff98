import { Accordion, Badge, Button, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type {
  BookedSessionInHours,
  BookedSessionsChoice,
  WeekDaySlots,
} from '@myprosper/contract/advisor-settings';
import { slotStartHours, weekDays } from '@myprosper/contract/dates';
import { messages } from '@myprosper/contract/messages';
import { useState } from 'react';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useAddAdvisorTimeSlot } from '../api/add-advisor-time-slot.ts';
import {
  countDaySlots,
  sameSlots,
  slotKey,
  toggleSlot,
  toggleWholeDay,
  toSlotKeys,
  toTimeSlotRequest,
  type WeekSlotKey,
} from '../lib/week-grid.ts';
import { BookedSessionsDialog } from './booked-sessions-dialog.tsx';
import { SectionCard } from './page-frame.tsx';
import { SlotToggle } from './slot-toggle.tsx';
import { WeekGridTable } from './week-grid-table.tsx';

/**
 * The mentor's weekly hours: Monday to Sunday, the 15 hourly slots of a day. A grid on wide screens, one
 * day per fold on phones; saved as a whole week.
 */
export function AvailabilityEditor({ advisorId, week }: { advisorId: number; week: WeekDaySlots[] }) {
  const isWide = useMediaQuery('(min-width: 62em)');
  const save = useAddAdvisorTimeSlot();
  const [saved, setSaved] = useState(() => toSlotKeys(week));
  const [chosen, setChosen] = useState<Set<WeekSlotKey>>(saved);
  const isChanged = !sameSlots(saved, chosen);

  const [booked, setBooked] = useState<BookedSessionInHours[] | null>(null);

  /** Saves the week; hours taken away that hold booked sessions open the dialog and wait for the choice. */
  async function submit(choice?: BookedSessionsChoice): Promise<void> {
    try {
      const answer = await save.mutateAsync({
        ...toTimeSlotRequest(advisorId, chosen),
        bookedSessions: choice,
      });
      if (answer.change && !answer.change.saved) {
        setBooked(answer.change.bookedSessions);
        return;
      }
      setBooked(null);
      setSaved(chosen);
      notify.success(answer.message || messages.timeSlotsUpdated);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  const toggle = (key: WeekSlotKey) => setChosen((current) => toggleSlot(current, key));

  return (
    <SectionCard
      heading="Weekly availability"
      intro="Choose the hours you can take sessions. Each session is one hour."
      aside={
        <Badge variant="light" size="lg">
          {chosen.size} {chosen.size === 1 ? 'hour' : 'hours'} a week
        </Badge>
      }
    >
      {isWide ? (
        <WeekGridTable
          chosen={chosen}
          onToggle={toggle}
          onToggleDay={(day) => setChosen((current) => toggleWholeDay(current, day))}
        />
      ) : (
        <Accordion multiple variant="separated" radius="md" defaultValue={[weekDays[0]]}>
          {weekDays.map((day) => {
            const count = countDaySlots(chosen, day);
            return (
              <Accordion.Item key={day} value={day}>
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap" pr="xs">
                    <Text fw={600}>{day}</Text>
                    <Text fz="sm" c={count ? 'brand.7' : 'dimmed'}>
                      {count ? `${count} ${count === 1 ? 'slot' : 'slots'}` : 'Unavailable'}
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Group gap={8}>
                    {slotStartHours.map((hour) => (
                      <SlotToggle
                        key={hour}
                        day={day}
                        hour={hour}
                        isOn={chosen.has(slotKey(day, hour))}
                        onToggle={toggle}
                      />
                    ))}
                  </Group>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    mt="sm"
                    onClick={() => setChosen((current) => toggleWholeDay(current, day))}
                  >
                    {count === slotStartHours.length ? `Clear ${day}` : `Select all of ${day}`}
                  </Button>
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}

      <Group justify="flex-end" mt="md">
        {isChanged && (
          <Button variant="default" onClick={() => setChosen(saved)} disabled={save.isPending}>
            Undo changes
          </Button>
        )}
        <Button onClick={() => void submit()} disabled={!isChanged} loading={save.isPending}>
          Save availability
        </Button>
      </Group>
      <BookedSessionsDialog
        sessions={booked}
        isSaving={save.isPending}
        onChoose={(choice) => void submit(choice)}
        onClose={() => setBooked(null)}
      />
    </SectionCard>
  );
}
