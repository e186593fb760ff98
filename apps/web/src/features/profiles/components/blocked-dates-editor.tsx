import { ActionIcon, Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import {
  type BookedSessionInHours,
  type BookedSessionsChoice,
  blockedDatesMaxDaysAhead,
  validateBlockedDate,
} from '@myprosper/contract/advisor-settings';
import { addDaysToDate, formatDateChip, todayIn } from '@myprosper/contract/dates';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useBlockDates } from '../api/block-dates.ts';
import { useBlockedDates } from '../api/get-blocked-dates.ts';
import { useUnblockDate } from '../api/unblock-date.ts';
import { BookedSessionsDialog } from './booked-sessions-dialog.tsx';
import { CloseIcon } from './icons.tsx';
import { LoadError, SectionCard } from './page-frame.tsx';

/** Whole days without sessions (leave, holidays): pick a date to block it; remove it to open it again. */
export function BlockedDatesEditor() {
  const blocked = useBlockedDates();
  const block = useBlockDates();
  const unblock = useUnblockDate();
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [booked, setBooked] = useState<BookedSessionInHours[] | null>(null);
  const today = todayIn();

  /** Blocks the date; booked sessions on it open the dialog, and the block waits for the mentor's choice. */
  async function save(choice?: BookedSessionsChoice): Promise<void> {
    try {
      const answer = await block.mutateAsync({ dates: [date], bookedSessions: choice });
      if (answer.change && !answer.change.saved) {
        setBooked(answer.change.bookedSessions);
        return;
      }
      setBooked(null);
      setDate('');
      notify.success(answer.message);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const invalid = validateBlockedDate(date, today);
    setError(invalid);
    if (invalid) return;
    await save();
  }

  async function remove(day: string): Promise<void> {
    try {
      const answer = await unblock.mutateAsync(day);
      notify.success(answer.message);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  return (
    <SectionCard heading="Blocked dates" intro="Days you are away. No session can be booked on them.">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label="Date"
            type="date"
            name="blockedDate"
            min={today}
            max={addDaysToDate(today, blockedDatesMaxDaysAhead)}
            value={date}
            onChange={(event) => {
              setDate(event.currentTarget.value);
              setError(null);
            }}
            error={Boolean(error)}
          />
          <Button type="submit" loading={block.isPending}>
            Block date
          </Button>
        </Group>
      </form>
      <Stack gap="xs" mt="sm">
        <FormError message={error} />
        {blocked.isError ? (
          <LoadError onRetry={() => void blocked.refetch()} />
        ) : !blocked.data ? (
          <Skeleton height={40} />
        ) : blocked.data.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No blocked dates
          </Text>
        ) : (
          <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Blocked dates">
            {blocked.data.map((day) => (
              <Group
                component="li"
                key={day}
                justify="space-between"
                wrap="nowrap"
                px="sm"
                py={6}
                bg="gray.0"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              >
                <Text fw={500}>{formatDateChip(day)}</Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Unblock ${formatDateChip(day)}`}
                  loading={unblock.isPending && unblock.variables === day}
                  onClick={() => void remove(day)}
                >
                  <CloseIcon size={18} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <BookedSessionsDialog
        sessions={booked}
        isSaving={block.isPending}
        onChoose={(choice) => void save(choice)}
        onClose={() => setBooked(null)}
      />
    </SectionCard>
  );
}
