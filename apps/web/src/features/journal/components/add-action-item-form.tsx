import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { isCalendarDate } from '@myprosper/contract/dates';
import { actionItemTitleMaxLength, journalMessages, type SessionJournal } from '@myprosper/contract/journal';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useAddActionItem } from '../api/add-action-item.ts';

const everyone = 'everyone';

/** The mentor's form: what to do, by when (optional), and in a group for whom (each attendee by default). */
export function AddActionItemForm({ journal }: { journal: SessionJournal }) {
  const add = useAddActionItem();
  const [title, setTitle] = useState('');
  const [dueOn, setDueOn] = useState('');
  const [forWhom, setForWhom] = useState(everyone);
  const [error, setError] = useState<string | null>(null);
  const isGroup = journal.attendees.length > 1;

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return setError(journalMessages.titleRequired);
    if (trimmed.length > actionItemTitleMaxLength) return setError(journalMessages.titleTooLong);
    if (dueOn && !isCalendarDate(dueOn)) return setError(journalMessages.dueDateInvalid);
    setError(null);
    try {
      const answer = await add.mutateAsync({
        sessionId: journal.sessionId,
        title: trimmed,
        dueOn: dueOn || null,
        adviseeId: forWhom === everyone ? null : Number(forWhom),
      });
      notify.success(answer.message);
      setTitle('');
      setDueOn('');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add an action item">
      <Stack gap="xs">
        <TextInput
          label="New action item"
          placeholder="e.g. Rewrite the CV summary"
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          maxLength={actionItemTitleMaxLength}
        />
        <Group grow align="flex-end" gap="xs" preventGrowOverflow={false} wrap="wrap">
          <TextInput
            type="date"
            label="Due date (optional)"
            value={dueOn}
            onChange={(event) => setDueOn(event.currentTarget.value)}
            miw={150}
          />
          {isGroup && (
            <NativeSelect
              label="For"
              value={forWhom}
              onChange={(event) => setForWhom(event.currentTarget.value)}
              data={[
                { value: everyone, label: 'Each attendee' },
                ...journal.attendees.map((a) => ({ value: String(a.adviseeId), label: a.name })),
              ]}
              miw={150}
            />
          )}
        </Group>
        <FormError message={error} />
        <Button type="submit" variant="light" loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
          Add action item
        </Button>
      </Stack>
    </form>
  );
}
