import {
  Badge,
  Box,
  Button,
  Collapse,
  Container,
  Grid,
  Paper,
  SimpleGrid,
  Skeleton,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { messages } from '@myprosper/contract/messages';
import { lazy, Suspense, useId, useState } from 'react';
import { useDeferredQuery } from '../../../lib/use-deferred-query.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTopicAdvisors } from '../api/get-topic-advisors.ts';
import { AdvisorCard } from '../components/advisor-card.tsx';
import { FilterIcon } from '../components/icons.tsx';
import { advisorsOfPages, MoreAdvisors } from '../components/more-advisors.tsx';
import { OfflineNotice } from '../components/offline-notice.tsx';
import { CardGridSkeleton, EmptyState, LoadError } from '../components/state-views.tsx';
import { useAdvisorFilters } from '../hooks/use-advisor-filters.ts';
import { useViewerId } from '../hooks/use-viewer-id.ts';

// The filters' code (tick boxes, chips) loads beside the list, or when first shown on a phone.
const AdvisorFilters = lazy(async () => ({
  default: (await import('../components/advisor-filters.tsx')).AdvisorFilters,
}));

/** /advisors: mentor cards, narrowed by the filters held in the address. */
export function AdvisorsPage() {
  useDocumentTitle('Advisors');
  const viewerId = useViewerId();
  const { filters, setFilters, clearFilters, activeCount } = useAdvisorFilters();
  const advisors = useDeferredQuery(useTopicAdvisors(viewerId, filters));
  const found = advisorsOfPages(advisors.data?.pages ?? []);
  const isPhone = useMediaQuery('(max-width: 767px)', false, { getInitialValueInEffect: false });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  // On a phone the filters (hundreds of elements, and their lists from the server) are built when first shown.
  const [filtersWereShown, setFiltersWereShown] = useState(false);
  const filtersShown = !isPhone || filtersOpen;
  if (filtersShown && !filtersWereShown) setFiltersWereShown(true);

  const clearButton =
    activeCount > 0 ? (
      <Button variant="light" onClick={clearFilters}>
        Clear filters
      </Button>
    ) : undefined;

  return (
    <Container size="xl" py="xl">
      <OfflineNotice />
      <Title order={1}>Mentors</Title>
      <Text c="dimmed" mt="xs" mb="xl" maw={640}>
        Experienced professionals ready to listen and guide you. Narrow the list by program, the days and
        times that suit you, industry or language.
      </Text>

      <Grid gutter={{ base: 'md', sm: 'xl' }}>
        <Grid.Col span={{ base: 12, sm: 4, lg: 3 }}>
          <Button
            hiddenFrom="sm"
            variant="default"
            fullWidth
            leftSection={<FilterIcon />}
            rightSection={activeCount > 0 ? <Badge circle>{activeCount}</Badge> : null}
            onClick={() => setFiltersOpen((open) => !open)}
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            mb={filtersOpen ? 'md' : 0}
          >
            {filtersOpen ? 'Hide filters' : 'Show filters'}
          </Button>
          <Collapse in={filtersShown} id={filtersId}>
            <Paper withBorder p="md" radius="md" component="aside" aria-label="Mentor filters">
              {(filtersShown || filtersWereShown) && (
                <Suspense fallback={<Skeleton height={320} />}>
                  <AdvisorFilters
                    filters={filters}
                    onChange={setFilters}
                    onClear={clearFilters}
                    activeCount={activeCount}
                  />
                </Suspense>
              )}
            </Paper>
          </Collapse>
        </Grid.Col>

        <Grid.Col span={{ base: 12, sm: 8, lg: 9 }}>
          <Box component="section" aria-label="Mentors found" aria-busy={advisors.isFetching}>
            {advisors.isPending ? (
              <CardGridSkeleton cols={{ base: 1, xs: 2, lg: 3 }} imageHeight={96} />
            ) : advisors.isError ? (
              <LoadError onRetry={() => void advisors.refetch()} />
            ) : found.total === 0 ? (
              <EmptyState action={clearButton}>
                {filters.topicId !== null ? messages.noAdvisorsForTopic : messages.noAdvisors}
              </EmptyState>
            ) : (
              <>
                <Text c="dimmed" size="sm" mb="md" aria-live="polite">
                  {found.total} {found.total === 1 ? 'mentor' : 'mentors'}
                  {activeCount > 0 ? ' match your filters' : ''}
                </Text>
                <SimpleGrid
                  cols={{ base: 1, xs: 2, lg: 3 }}
                  spacing="lg"
                  style={{ opacity: advisors.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
                >
                  {found.advisors.map((advisor, index) => (
                    <AdvisorCard key={advisor.id} advisor={advisor} eager={index < 3} headingOrder={2} />
                  ))}
                </SimpleGrid>
                <MoreAdvisors
                  shown={found.advisors.length}
                  total={found.total}
                  hasMore={advisors.hasNextPage}
                  loading={advisors.isFetchingNextPage}
                  onMore={() => void advisors.fetchNextPage()}
                />
              </>
            )}
          </Box>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
