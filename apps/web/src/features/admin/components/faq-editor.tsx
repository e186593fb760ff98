import { Checkbox, SegmentedControl, Text, Textarea, TextInput } from '@mantine/core';
import { type AdminFaq, faqRequest } from '@myprosper/contract/admin-catalogue';
import { faqPriceTokens } from '@myprosper/contract/catalogue';
import type { UserType } from '@myprosper/contract/common';
import { firstMessage } from '@myprosper/contract/validation';
import { useId, useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useFaqMutations } from '../api/content.ts';
import { FormDialog, useFormSubmit } from './form-dialog.tsx';

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
  const { error, submit } = useFormSubmit();
  const [type, setType] = useState<UserType>(faq?.userType ?? userType);
  const [question, setQuestion] = useState(faq?.question ?? '');
  const [answer, setAnswer] = useState(faq?.answer ?? '');
  const [isActive, setIsActive] = useState(faq?.isActive ?? true);
  const forId = useId();
  const body = { userType: type, question, answer, isActive };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={faq ? 'Edit FAQ' : 'New FAQ'}
      size="lg"
      error={error}
      submitLabel="Save FAQ"
      isSubmitting={save.isPending}
      onSubmit={() =>
        submit(firstMessage(faqRequest, body), async () => {
          notify.success((await save.mutateAsync({ id: faq?.id ?? null, body })).message);
          onClose();
        })
      }
    >
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
        description={`${faqPriceTokens.INDIVIDUAL} and ${faqPriceTokens.GROUP} show today's prices`}
        required
        autosize
        minRows={3}
        maxLength={3000}
        value={answer}
        onChange={(e) => setAnswer(e.currentTarget.value)}
      />
      <Checkbox label="Shown" checked={isActive} onChange={(e) => setIsActive(e.currentTarget.checked)} />
    </FormDialog>
  );
}
