import { Button, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { contactMessageMaxLength, contactSupportRequest } from '@myprosper/contract/profiles';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useContactSupport } from '../api/contact-support.ts';
import { SectionCard } from './page-frame.tsx';

interface ContactFields {
  name: string;
  email: string;
  message: string;
}

/** Write to support: name and e-mail filled in for a signed-in person; the server's answer is shown. */
export function ContactForm({ name, email }: { name: string; email: string }) {
  const send = useContactSupport();
  const [fields, setFields] = useState<ContactFields>({ name, email, message: '' });
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  const set = (field: keyof ContactFields) => (value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setProblem(null);
  };
  const isInvalid = (field: keyof ContactFields) =>
    problem !== null &&
    (problem.field === field || (problem.message === messages.fillAllFields && fields[field].trim() === ''));

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const result = contactSupportRequest.safeParse(fields);
    if (!result.success) {
      const issue = result.error.issues[0];
      setProblem({ field: String(issue?.path[0] ?? ''), message: issue?.message ?? messages.genericError });
      return;
    }
    setProblem(null);
    try {
      const answer = await send.mutateAsync(result.data);
      setFields((current) => ({ ...current, message: '' }));
      setSentMessage(answer.message);
      notify.success(answer.message);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  return (
    <SectionCard
      heading="Contact us"
      intro="Did not find your answer? Write to us and we will reply by e-mail."
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            name="name"
            autoComplete="name"
            required
            value={fields.name}
            onChange={(event) => set('name')(event.currentTarget.value)}
            error={isInvalid('name')}
          />
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={fields.email}
            onChange={(event) => set('email')(event.currentTarget.value)}
            error={isInvalid('email')}
          />
          <Textarea
            label="Message"
            name="message"
            required
            autosize
            minRows={4}
            maxRows={10}
            maxLength={contactMessageMaxLength}
            value={fields.message}
            onChange={(event) => {
              set('message')(event.currentTarget.value);
              setSentMessage(null);
            }}
            error={isInvalid('message')}
          />
          <FormError message={problem?.message ?? null} />
          {sentMessage && (
            <Text c="teal.9" fw={600} role="status">
              {sentMessage}
            </Text>
          )}
          <Button type="submit" loading={send.isPending}>
            Send message
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
