import { Loader, Select, Stack, Text, Textarea } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { voucherNoteMaxLength } from '@myprosper/contract/vouchers';
import { useVoucherAdvisors, useVoucherTopics } from '../api/voucher-options.ts';
import type { VoucherStepProps } from './recipient-step.tsx';

/**
 * Step 2: the program, then its mentors (loaded once a program is chosen, and cleared when it changes), and
 * a note for the recipient.
 */
export function DetailsStep({ values, set, hasProblem, userId }: VoucherStepProps & { userId: number }) {
  const topics = useVoucherTopics();
  const topicId = values.topicId === null ? null : Number(values.topicId);
  const advisors = useVoucherAdvisors(userId, topicId);
  const noAdvisors = topicId !== null && advisors.data?.length === 0;

  return (
    <Stack gap="md">
      {topics.isError ? (
        <Text role="alert" fw={600}>
          {messages.loadError}
        </Text>
      ) : (
        <Select
          label="Program"
          placeholder={topics.isPending ? 'Loading programs…' : 'Choose a program'}
          data={(topics.data ?? []).map((topic) => ({ value: String(topic.id), label: topic.name }))}
          value={values.topicId}
          onChange={(value) => {
            if (value === values.topicId) return;
            set('topicId', value);
            set('advisorId', null);
          }}
          searchable
          nothingFoundMessage={messages.noPrograms}
          error={hasProblem && values.topicId === null}
          rightSection={topics.isPending ? <Loader size="xs" /> : undefined}
        />
      )}
      <Select
        key={values.topicId ?? 'none'}
        label="Mentor"
        placeholder={
          topicId === null
            ? 'Choose a program first'
            : advisors.isPending
              ? 'Loading mentors…'
              : 'Choose a mentor'
        }
        data={(advisors.data ?? []).map((advisor) => ({ value: String(advisor.id), label: advisor.name }))}
        value={values.advisorId}
        onChange={(value) => set('advisorId', value)}
        disabled={topicId === null || advisors.isPending || noAdvisors}
        error={hasProblem && values.advisorId === null}
        rightSection={topicId !== null && advisors.isFetching ? <Loader size="xs" /> : undefined}
      />
      {noAdvisors && <Text c="dimmed">{messages.noAdvisorsForTopic}</Text>}
      {advisors.isError && (
        <Text role="alert" fw={600}>
          {messages.loadError}
        </Text>
      )}
      <Textarea
        label="Note to the recipient"
        placeholder="Happy birthday! Enjoy a session on me."
        autosize
        minRows={3}
        maxLength={voucherNoteMaxLength}
        value={values.recipientNote}
        onChange={(event) => set('recipientNote', event.currentTarget.value)}
        error={hasProblem && values.recipientNote.trim() === ''}
        description={`${values.recipientNote.length}/${voucherNoteMaxLength}`}
      />
    </Stack>
  );
}
