import {
  Anchor,
  Badge,
  Blockquote,
  Box,
  Breadcrumbs,
  Button,
  Card,
  Container,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { AdvisorDetails } from '@myprosper/contract/catalogue';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDeferredQuery } from '../../../lib/use-deferred-query.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdvisorDetails } from '../api/get-advisor-details.ts';
import { AdvisorPhoto } from '../components/advisor-photo.tsx';
import { AdvisorRating } from '../components/advisor-rating.tsx';
import { CalendarIcon, LinkedInIcon } from '../components/icons.tsx';
import { OfflineNotice } from '../components/offline-notice.tsx';
import { LoadError } from '../components/state-views.tsx';
import { VideoPlayer } from '../components/video-player.tsx';
import { useRouteId } from '../hooks/use-route-id.ts';

/**
 * /advisors/{advisorId}: a mentor's public profile, with the way to book them. `aside`: what the app puts
 * under the booking button (a mentee's waitlist card, app/pages/mentor-page.tsx).
 */
export function AdvisorProfilePage({ aside }: { aside?: ReactNode }) {
  useDocumentTitle('Advisor Profile');
  const advisorId = useRouteId('advisorId');
  const advisor = useDeferredQuery(useAdvisorDetails(advisorId));

  if (advisorId === null || advisor.isError) {
    return (
      <Container size="lg" py="xl">
        <LoadError />
        <Box ta="center">
          <Anchor component={Link} to={paths.advisors}>
            See all mentors
          </Anchor>
        </Box>
      </Container>
    );
  }

  return (
    <Container size="lg" py="xl">
      <OfflineNotice />
      <Breadcrumbs mb="md" fz="sm">
        <Anchor component={Link} to={paths.advisors}>
          Mentors
        </Anchor>
        <Text fz="sm" c="dimmed" lineClamp={1}>
          {advisor.data?.name ?? '…'}
        </Text>
      </Breadcrumbs>
      {advisor.data ? <AdvisorProfile advisor={advisor.data} aside={aside} /> : <ProfileSkeleton />}
    </Container>
  );
}

function AdvisorProfile({ advisor, aside }: { advisor: AdvisorDetails; aside?: ReactNode }) {
  const aboutHeading = useId();
  const programsHeading = useId();
  const picture = advisor.profilePicUrl ?? advisor.advisorDetails.profilePicUrl;
  // Only a web address becomes a link (never javascript: or the like).
  const linkedInUrl =
    advisor.linkedInUrl && /^https?:\/\//i.test(advisor.linkedInUrl) ? advisor.linkedInUrl : null;
  return (
    <Grid gutter={{ base: 'lg', md: 'xl' }}>
      <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
        <Stack gap="md">
          <Group gap="md" wrap="nowrap" align="center">
            <AdvisorPhoto src={picture} name={advisor.name} size={88} eager />
            <Box miw={0}>
              <Title order={1} size="h2" lh={1.2}>
                {advisor.name}
              </Title>
              {advisor.occupation && <Text>{advisor.occupation}</Text>}
            </Box>
          </Group>
          <Group gap="xs">
            {advisor.industry && <Badge variant="light">{advisor.industry.name}</Badge>}
            {advisor.country && (
              <Badge variant="outline" color="gray.7">
                {advisor.country}
              </Badge>
            )}
          </Group>
          <AdvisorRating rating={advisor.rating} />
          {advisor.languages.length > 0 && (
            <Text size="sm">
              <Text span fw={600} inherit>
                Languages:
              </Text>{' '}
              {advisor.languages.join(', ')}
            </Text>
          )}
          <SimpleGrid cols={linkedInUrl ? { base: 1, xs: 2 } : 1} spacing="sm">
            <Button component={Link} to={paths.book(advisor.id)} size="md" leftSection={<CalendarIcon />}>
              Book mentor
            </Button>
            {linkedInUrl && (
              <Button
                component="a"
                href={linkedInUrl}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
                size="md"
                leftSection={<LinkedInIcon />}
                aria-label={`LinkedIn profile of ${advisor.name} (opens in a new tab)`}
              >
                LinkedIn
              </Button>
            )}
          </SimpleGrid>
          {aside}
        </Stack>
      </Grid.Col>

      <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
        <Stack gap="xl">
          {advisor.videoURL && (
            <VideoPlayer
              src={advisor.videoURL}
              poster={picture}
              label={`Introduction by ${advisor.name}`}
              isMain
            />
          )}
          {advisor.favouriteQuote && (
            <Blockquote color="teal" p="md" radius="md">
              <Text fs="italic">“{advisor.favouriteQuote}”</Text>
            </Blockquote>
          )}
          <Box component="section" aria-labelledby={aboutHeading}>
            <Title order={2} size="h3" id={aboutHeading} mb="xs">
              About {advisor.name.split(' ')[0]}
            </Title>
            <Text style={{ whiteSpace: 'pre-line' }}>{advisor.biography}</Text>
          </Box>
          <Box component="section" aria-labelledby={programsHeading}>
            <Title order={2} size="h3" id={programsHeading} mb="xs">
              Programs
            </Title>
            {advisor.topics.length === 0 ? (
              <Text c="dimmed">No programs yet.</Text>
            ) : (
              <Stack gap="sm">
                {advisor.topics.map((topic) => (
                  <Card
                    key={topic.id}
                    component={Link}
                    to={paths.topic(topic.id)}
                    withBorder
                    padding="sm"
                    radius="md"
                  >
                    <Text fw={600} c="teal.9">
                      {topic.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {topic.tagLine}
                    </Text>
                  </Card>
                ))}
              </Stack>
            )}
          </Box>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function ProfileSkeleton() {
  return (
    <Grid gutter="xl" aria-busy="true" aria-label="Loading">
      <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
        <Group wrap="nowrap">
          <Skeleton circle height={88} />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={28} width="70%" />
            <Skeleton height={14} width="50%" />
          </Stack>
        </Group>
        <Skeleton height={42} mt="xl" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
        <Skeleton style={{ aspectRatio: '16 / 9' }} h="auto" />
        <Skeleton height={14} mt="xl" />
        <Skeleton height={14} mt="sm" width="90%" />
      </Grid.Col>
    </Grid>
  );
}
