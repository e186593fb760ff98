import { Button, Container, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  assessmentAnswerMaxLength,
  type SelfAssessmentField,
  selfAssessmentFields,
  selfAssessmentQuestions,
  validateSelfAssessment,
} from '@myprosper/contract/assessment';
import { messages } from '@myprosper/contract/messages';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSubmitSelfAssessment } from '../api/submit-self-assessment.ts';

type Answers = Record<SelfAssessmentField, string>;

const emptyAnswers: Answers = {
  strugglingWith: '',
  strugglingWithThisArea: '',
  howHaveYouAddresses: '',
  additionalInformation: '',
};

/** The four questions of the spec, in its order; the last one takes several lines. */
const questions = selfAssessmentFields.map((field) => ({
  field,
  label: selfAssessmentQuestions[field],
  minRows: field === 'additionalInformation' ? 4 : 1,
}));

/** /selfAssessment: tells the advisee's mentors what they need help with; each submission is kept. */
export function SelfAssessmentPage() {
  useDocumentTitle('Self Assessment');
  const { user } = useSession();
  const submitAssessment = useSubmitSelfAssessment();
  const [answers, setAnswers] = useState<Answers>(emptyAnswers);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const invalid = validateSelfAssessment(answers);
    setError(invalid);
    if (invalid || !user) return;
    try {
      const answer = await submitAssessment.mutateAsync({ adviseeId: user.userId, ...answers });
      setAnswers(emptyAnswers);
      notify.success(answer.message || messages.selfAssessmentSubmitted);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  return (
    <Container size={640} px="md" py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Title order={1} size="h2">
          Self Assessment
        </Title>
        <Text c="dimmed" mb="lg">
          Tell us more about yourself
        </Text>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            {questions.map(({ field, label, minRows }) => (
              <Textarea
                key={field}
                label={label}
                name={field}
                required
                autosize
                minRows={minRows}
                maxRows={minRows > 1 ? 12 : 6}
                maxLength={assessmentAnswerMaxLength}
                value={answers[field]}
                onChange={(event) => {
                  const { value } = event.currentTarget;
                  setAnswers((current) => ({ ...current, [field]: value }));
                  setError(null);
                }}
                error={error === messages.fillAllFields && answers[field].trim() === ''}
              />
            ))}
            <FormError message={error} />
            <Button type="submit" size="md" loading={submitAssessment.isPending}>
              Submit
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
