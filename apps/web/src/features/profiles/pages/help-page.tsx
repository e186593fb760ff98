import { Accordion, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useFaqs } from '../api/get-faqs.ts';
import { ContactForm } from '../components/contact-form.tsx';
import { LoadError, PageFrame } from '../components/page-frame.tsx';

/** /help: the questions people like this one ask (mentors' or mentees'), and a way to write to support. */
export function HelpPage() {
  useDocumentTitle('Help');
  const { user, isSignedIn, isAdvisor } = useSession();
  const faqs = useFaqs(isAdvisor ? 'ADVISOR' : 'ADVISEE');
  const faqHeadingId = useId();

  return (
    <PageFrame
      heading="Help"
      intro={isAdvisor ? 'Answers for mentors.' : 'Answers for mentees.'}
      size={1040}
      backTo={isSignedIn ? undefined : null}
    >
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm" component="section" aria-labelledby={faqHeadingId}>
            <Title order={2} size="h3" id={faqHeadingId}>
              Frequently asked questions
            </Title>
            {faqs.isError ? (
              <LoadError onRetry={() => void faqs.refetch()} />
            ) : !faqs.data ? (
              <Stack gap="sm" aria-busy="true">
                {[0, 1, 2, 3].map((row) => (
                  <Skeleton key={row} height={52} radius="md" />
                ))}
              </Stack>
            ) : faqs.data.length === 0 ? (
              <Text c="dimmed">No questions yet.</Text>
            ) : (
              <Accordion variant="separated" radius="md">
                {faqs.data.map((faq) => (
                  <Accordion.Item key={faq.id} value={String(faq.id)}>
                    <Accordion.Control>{faq.question}</Accordion.Control>
                    <Accordion.Panel style={{ whiteSpace: 'pre-line' }}>{faq.answer}</Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ContactForm key={user?.userId ?? 0} name={user?.fullName ?? ''} email={user?.username ?? ''} />
        </Grid.Col>
      </Grid>
    </PageFrame>
  );
}
