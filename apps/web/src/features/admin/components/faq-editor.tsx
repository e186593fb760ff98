import {
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type AdminFaq, faqRequest } from '@myprosper/contract/admin-catalogue';
import type { UserType } from '@myprosper/contract/common';
import { firstMessage } from '@myprosper/contract/validation';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useFaqMutations } from '../api/content.ts';

export const userTypeLabels: Record<UserType, string> = { ADVISEE: 'Advisees', ADVISOR: 'Mentors' };

/** Creates or edits a FAQ: who it is for, the question, the answer, and whether it is shown. */
export function FaqEditor({
  faq,
  userType,
  opened,
  onClose,
}: {
  faq: AdminFaq | null;
  userType: UserType;
  opened: boolean;
  onClose: () => void;
}) {
  const { save } = useFaqMutations();
  const [type, setType] = useState<UserType>(faq?.userType ?? userType);
  const [question, setQuestion] = useState(faq?.question ?? '');
  const [answer, setAnswer] = useState(faq?.answer ?? '');
  const [isActive, setIsActive] = useState(faq?.isActive ?? true);
  const [error, setError] = useState<string | null>(null);
  const forId = useId();

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const body = { userType: type, question, answer, isActive };
    const problem = firstMessage(faqRequest, body);
    setError(problem);
    if (problem) return;
    try {
      notify.success((await save.mutateAsync({ id: faq?.id ?? null, body })).message);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={faq ? 'Edit FAQ' : 'New FAQ'} size="lg" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <div>
            <Text fz="sm" fw={500} mb={4} id={forId}>
              For
            </Text>
            <SegmentedControl
              aria-labelledby={forId}
              value={type}
              onChange={(value) => setType(value as UserType)}
              data={[
                { value: 'ADVISEE', label: userTypeLabels.ADVISEE },
                { value: 'ADVISOR', label: userTypeLabels.ADVISOR },
              ]}
            />
          </div>
          <TextInput
            label="Question"
            required
            maxLength={300}
            value={question}
            onChange={(e) => setQuestion(e.currentTarget.value)}
          />
          <Textarea
            label="Answer"
            required
            autosize
            minRows={3}
            maxLength={3000}
            value={answer}
            onChange={(e) => setAnswer(e.currentTarget.value)}
          />
          <Checkbox label="Shown" checked={isActive} onChange={(e) => setIsActive(e.currentTarget.checked)} />
          <FormError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save FAQ
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
