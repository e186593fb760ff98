import { Button, Group, Text, Textarea } from '@mantine/core';
import { journalMessages, type Note, noteMaxLength } from '@myprosper/contract/journal';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useSaveNotes } from '../api/save-notes.ts';

/** 'Saved Mon 3rd, Jan 2022 at 14:05' in the reader's own time. */
export function savedAt(note: Note): string {
  return `Saved ${new Date(note.updatedAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}`;
}

/** A textarea for the caller's notes on a session, saved on demand (empty removes them). */
export function NotesEditor({
  sessionId,
  note,
  label,
  description,
}: {
  sessionId: number;
  note: Note | null;
  label: string;
  description: string;
}) {
  const save = useSaveNotes();
  const [body, setBody] = useState(note?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const isChanged = body.trim() !== (note?.body ?? '');

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (body.length > noteMaxLength) {
      setError(journalMessages.noteTooLong);
      return;
    }
    setError(null);
    try {
      const answer = await save.mutateAsync({ sessionId, body });
      notify.success(answer.message);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Textarea
        label={label}
        description={description}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={14}
        error={body.length > noteMaxLength ? journalMessages.noteTooLong : undefined}
      />
      <Group justify="space-between" mt="xs" gap="xs">
        <Text fz="xs" c={body.length > noteMaxLength ? 'red' : 'dimmed'}>
          {body.length.toLocaleString('en')} / {noteMaxLength.toLocaleString('en')}
          {note ? ` · ${savedAt(note)}` : ''}
        </Text>
        <Button type="submit" size="sm" loading={save.isPending} disabled={!isChanged}>
          Save notes
        </Button>
      </Group>
      <FormError message={error} />
    </form>
  );
}
