import {
  Anchor,
  Box,
  Breadcrumbs,
  Button,
  Container,
  Grid,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDeferredQuery } from '../../../lib/use-deferred-query.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTopicAdvisors } from '../api/get-topic-advisors.ts';
import { useTopicDetails } from '../api/get-topic-details.ts';
import { recordTopicViewed } from '../api/record-topic-viewed.ts';
import { AdvisorCard } from '../components/advisor-card.tsx';
import { CheckIcon } from '../components/icons.tsx';
import { advisorsOfPages, MoreAdvisors } from '../components/more-advisors.tsx';
import { OfflineNotice } from '../components/offline-notice.tsx';
import { PriceLine } from '../components/price-line.tsx';
import { CardGridSkeleton, EmptyState, LoadError } from '../components/state-views.tsx';
import { VideoPlayer } from '../components/video-player.tsx';
import { useRouteId } from '../hooks/use-route-id.ts';
import { useViewerId } from '../hooks/use-viewer-id.ts';

/** /topics/{topicId}: the program's video, tips, price, and the mentors who teach it. */
/** The price panel's button scrolls here. */
const mentorsAnchor = 'mentors';

export function ProgramDetailsPage() {
  const tipsHeading = useId();
  useDocumentTitle('Program Details');
  const topicId = useRouteId('topicId');
  const topic = useDeferredQuery(useTopicDetails(topicId));

  // The 'Topic Viewed' event, once per program shown.
  const recorded = useRef<number | null>(null);
  const loadedId = topic.data?.id;
  useEffect(() => {
    if (loadedId === undefined || recorded.current === loadedId) return;
    recorded.current = loadedId;
    recordTopicViewed(loadedId);
  }, [loadedId]);

  if (topicId === null || topic.isError) {
    return (
      <Container size="lg" py="xl">
        <LoadError onRetry={topicId === null ? undefined : () => void topic.refetch()} />
        <Box ta="center">
          <Anchor component={Link} to={paths.topics}>
            See all programs
          </Anchor>
        </Box>
      </Container>
    );
  }

  return (
    <Container size="lg" py="xl">
      <OfflineNotice />
      <Breadcrumbs mb="md" fz="sm">
        <Anchor component={Link} to={paths.topics}>
          Programs
        </Anchor>
        <Text fz="sm" c="dimmed" lineClamp={1}>
          {topic.data?.name ?? '…'}
        </Text>
      </Breadcrumbs>

      <Grid gutter={{ base: 'lg', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {topic.data ? (
            <VideoPlayer
              src={topic.data.videoURL}
              poster={topic.data.imgUrl}
              label={`Introduction to ${topic.data.name}`}
              isMain
            />
          ) : (
            <Skeleton style={{ aspectRatio: '16 / 9' }} h="auto" />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {topic.data ? (
            <Stack gap="md">
              <Title order={1} lh={1.2}>
                {topic.data.name}
              </Title>
              <Text size="lg" c="dimmed">
                {topic.data.tagLine}
              </Text>
              <Paper withBorder p="md" radius="md" bg="teal.0">
                <PriceLine />
                <Button component="a" href={`#${mentorsAnchor}`} mt="sm" fullWidth>
                  Choose a mentor
                </Button>
              </Paper>
            </Stack>
          ) : (
            <Stack gap="md">
              <Skeleton height={36} width="80%" />
              <Skeleton height={18} />
              <Skeleton height={96} />
            </Stack>
          )}
        </Grid.Col>
      </Grid>

      {topic.data && topic.data.topicTips.length > 0 && (
        <Box component="section" mt={48} aria-labelledby={tipsHeading}>
          <Title order={2} id={tipsHeading} mb="md">
            Useful tips
          </Title>
          <List
            spacing="sm"
            icon={
              <ThemeIcon size={22} radius="xl" variant="light">
                <CheckIcon size={14} />
              </ThemeIcon>
            }
          >
            {topic.data.topicTips.map((tip) => (
              <List.Item key={tip.name}>{tip.name}</List.Item>
            ))}
          </List>
        </Box>
      )}

      {topic.data && <ProgramMentors topicId={topic.data.id} />}
    </Container>
  );
}

function ProgramMentors({ topicId }: { topicId: number }) {
  const headingId = useId();
  const viewerId = useViewerId();
  const advisors = useDeferredQuery(
    useTopicAdvisors(viewerId, {
      topicId,
      days: [],
      timeBands: [],
      industries: [],
      languages: [],
    }),
  );
  const found = advisorsOfPages(advisors.data?.pages ?? []);

  return (
    <Box
      component="section"
      mt={48}
      aria-labelledby={headingId}
      id={mentorsAnchor}
      style={{ scrollMarginTop: 80 }}
    >
      <Title order={2} id={headingId} mb="md">
        Mentors for this program
      </Title>
      {advisors.isPending ? (
        <CardGridSkeleton count={4} cols={{ base: 1, xs: 2, md: 4 }} imageHeight={96} />
      ) : advisors.isError ? (
        <LoadError onRetry={() => void advisors.refetch()} />
      ) : found.total === 0 ? (
        <EmptyState>{messages.noAdvisors}</EmptyState>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
            {found.advisors.map((advisor) => (
              <AdvisorCard key={advisor.id} advisor={advisor} actionLabel="ASK MENTOR" />
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
  );
}
