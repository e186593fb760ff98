import { Container, SimpleGrid, Text, Title } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { useDeferredQuery } from '../../../lib/use-deferred-query.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useLiveTopics } from '../api/get-live-topics.ts';
import { OfflineNotice } from '../components/offline-notice.tsx';
import { ProgramCard } from '../components/program-card.tsx';
import { CardGridSkeleton, EmptyState, LoadError } from '../components/state-views.tsx';

/** /topics: every live program as a card linking to its details. */
export function ProgramsPage() {
  useDocumentTitle('Programs');
  const topics = useDeferredQuery(useLiveTopics());

  return (
    <Container size="lg" py="xl">
      <OfflineNotice />
      <Title order={1}>Programs</Title>
      <Text c="dimmed" mt="xs" mb="xl" maw={640}>
        Pick an area of your life or career you want to grow in. Each program has practical tips and mentors
        ready to talk it through with you, one to one or in a group.
      </Text>
      {topics.isPending ? (
        <CardGridSkeleton />
      ) : topics.isError ? (
        <LoadError onRetry={() => void topics.refetch()} />
      ) : topics.data.length === 0 ? (
        <EmptyState>{messages.noPrograms}</EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {topics.data.map((topic, index) => (
            // The first picture is the largest thing on a phone's first screen (boot.ts requests it early too);
            // the others load as they come near the screen.
            <ProgramCard key={topic.id} topic={topic} eager={index === 0} headingOrder={2} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
