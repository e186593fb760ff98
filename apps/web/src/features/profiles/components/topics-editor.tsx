import { ActionIcon, Button, Group, Select, Stack } from '@mantine/core';
import { maxAdvisorTopics } from '@myprosper/contract/advisor-settings';
import type { TopicRef } from '@myprosper/contract/catalogue';
import { messages } from '@myprosper/contract/messages';
import { useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useLiveTopics } from '../api/get-live-topics.ts';
import { useUpdateAdvisorTopics } from '../api/update-advisor-topics.ts';
import { addTopicRow, duplicateRows, type TopicRows, validateTopicRows } from '../lib/topic-rows.ts';
import { CloseIcon } from './icons.tsx';
import { SectionCard } from './page-frame.tsx';

/** The mentor's topics: one choice per row, up to five, each topic once. */
export function TopicsEditor({ advisorId, topics }: { advisorId: number; topics: TopicRef[] }) {
  const liveTopics = useLiveTopics();
  const save = useUpdateAdvisorTopics();
  const [saved, setSaved] = useState<TopicRows>(() => topics.map((topic) => String(topic.id)));
  const [rows, setRows] = useState<TopicRows>(() => (saved.length ? saved : ['']));
  const [error, setError] = useState<string | null>(null);
  const duplicates = error === messages.topicsUnique ? duplicateRows(rows) : new Set<number>();
  const isChanged = rows.join(',') !== saved.join(',');

  // The mentor's current topics stay choosable even if they are no longer live.
  const options = [
    ...topics.filter((topic) => !liveTopics.data?.some((live) => live.id === topic.id)),
    ...(liveTopics.data ?? []),
  ].map((topic) => ({ value: String(topic.id), label: topic.name }));

  function setRow(index: number, value: string): void {
    setRows((current) => current.map((row, at) => (at === index ? value : row)));
    setError(null);
  }

  function addRow(): void {
    const next = addTopicRow(rows);
    setRows(next.rows);
    setError(next.error);
  }

  async function submit(): Promise<void> {
    const invalid = validateTopicRows(rows);
    setError(invalid);
    if (invalid) return;
    try {
      const answer = await save.mutateAsync({ advisorId, topics: rows.map(Number) });
      setSaved(rows);
      notify.success(answer.message || messages.topicsUpdated);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  return (
    <SectionCard heading="Topics" intro={`The programs mentees can book you for, up to ${maxAdvisorTopics}.`}>
      <Stack gap="sm">
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions; a row's topic can change
          <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
            <Select
              style={{ flex: 1 }}
              label={`Topic ${index + 1}`}
              placeholder={liveTopics.isPending ? 'Loading…' : 'Choose a topic'}
              searchable
              allowDeselect={false}
              data={options}
              value={row || null}
              onChange={(value) => setRow(index, value ?? '')}
              error={duplicates.has(index) || (error === messages.fillAllFields && row === '')}
              nothingFoundMessage="No topic found"
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size={36}
              aria-label={`Remove topic ${index + 1}`}
              onClick={() => {
                setRows((current) => current.filter((_, at) => at !== index));
                setError(null);
              }}
            >
              <CloseIcon size={18} />
            </ActionIcon>
          </Group>
        ))}
        <FormError message={error} />
        <Group justify="space-between">
          <Button variant="light" onClick={addRow}>
            Add topic
          </Button>
          <Button onClick={() => void submit()} disabled={!isChanged} loading={save.isPending}>
            Save topics
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}
