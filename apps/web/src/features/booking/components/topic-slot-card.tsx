import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { bookingMessages } from '@myprosper/contract/booking';
import type { TopicRef } from '@myprosper/contract/catalogue';
import { useId, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { bookingTexts } from '../lib/booking-texts.ts';
import { type DayChoice, initialSelection, keepValid, type SlotSelection } from '../lib/slot-options.ts';
import { SlotPicker } from './slot-picker.tsx';

export interface ChosenSlot {
  topic: TopicRef;
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm */
  time: string;
}

/** One topic of the mentor: pick a day, a time and a date, then 'Book this session'. */
export function TopicSlotCard({
  topic,
  choices,
  isOwnProfile,
  onBook,
}: {
  topic: TopicRef;
  choices: readonly DayChoice[];
  /** The signed-in mentor is looking at their own booking page. */
  isOwnProfile: boolean;
  onBook: (slot: ChosenSlot) => void;
}) {
  const headingId = useId();
  const [picked, setPicked] = useState<SlotSelection | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Fresh free hours may no longer hold the picked date: it is dropped, never kept silently.
  const selection = picked ? keepValid(choices, picked) : initialSelection(choices);

  function book(): void {
    if (!selection.date || !selection.time) {
      setError(bookingMessages.selectDate);
      return;
    }
    if (isOwnProfile) {
      setError(bookingMessages.cannotBookSelf);
      return;
    }
    setError(null);
    onBook({ topic, date: selection.date, time: selection.time });
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Title order={3} size="h4" id={headingId}>
            {topic.name}
          </Title>
          {topic.tagLine && <Text c="dimmed">{topic.tagLine}</Text>}
        </div>
        {choices.length === 0 ? (
          <Text>{bookingTexts.noFreeHours}</Text>
        ) : (
          <SlotPicker
            choices={choices}
            value={selection}
            onChange={(next) => {
              setPicked(next);
              if (next.date) setError(null);
            }}
          />
        )}
        <FormError message={error} />
        <Group justify="flex-end">
          <Button
            onClick={book}
            disabled={choices.length === 0}
            size="md"
            w={{ base: '100%', sm: 'auto' }}
            aria-describedby={headingId}
          >
            Book this session
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
