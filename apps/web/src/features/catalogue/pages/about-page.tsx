import { Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** /about: the idea behind MyProsper. The footer links to #vision and #mission. */
/** Targets of the footer's 'Our Vision' and 'Our Mission' links (/about#vision, /about#mission). */
const aboutAnchors = { vision: 'vision', mission: 'mission' } as const;

export function AboutPage() {
  const ideaHeading = useId();
  const visionHeading = useId();
  const missionHeading = useId();
  useDocumentTitle('About Us');
  const { isSignedIn } = useSession();
  useScrollToHash();

  return (
    <Container size="md" py="xl">
      <Title order={1}>About MyProsper</Title>
      <Text size="lg" mt="md">
        MyProsper connects you to experienced professionals for personalised, affordable advice on demand.
        Book a one hour video conversation with a mentor who has been where you want to go, on the program
        that matters to you right now.
      </Text>

      <Box component="section" mt={48} aria-labelledby={ideaHeading}>
        <Title order={2} id={ideaHeading}>
          Why we started
        </Title>
        <Stack gap="sm" mt="sm">
          <Text>
            Kenya is young, ambitious and full of talent. Every year hundreds of thousands of graduates enter
            the job market, many people start businesses or side hustles, and others face big decisions about
            careers, money, relationships and wellbeing. Good advice changes the outcome of those decisions,
            but it usually comes through who you know.
          </Text>
          <Text>
            Many people have no mentor in their family or at work, and professional coaching is priced out of
            reach. At the same time, thousands of experienced Kenyan professionals want to give back and share
            what they have learned. MyProsper brings the two together: short, focused, affordable sessions,
            paid for the way Kenyans pay (M-PESA, card, wallet or a gift voucher) and held on video, so
            distance is no barrier.
          </Text>
        </Stack>
      </Box>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mt={48}>
        <Paper
          component="section"
          id={aboutAnchors.vision}
          withBorder
          p="lg"
          radius="md"
          aria-labelledby={visionHeading}
          style={{ scrollMarginTop: 80 }}
        >
          <Title order={2} id={visionHeading}>
            Our vision
          </Title>
          <Text mt="sm">
            A Kenya where everyone, wherever they start, has a trusted mentor to turn to at every stage of
            life.
          </Text>
        </Paper>
        <Paper
          component="section"
          id={aboutAnchors.mission}
          withBorder
          p="lg"
          radius="md"
          aria-labelledby={missionHeading}
          style={{ scrollMarginTop: 80 }}
        >
          <Title order={2} id={missionHeading}>
            Our mission
          </Title>
          <Text mt="sm">
            To make personalised guidance from experienced professionals affordable and available on demand,
            in a safe space where people can speak honestly, learn and grow.
          </Text>
        </Paper>
      </SimpleGrid>

      <Group mt={48} gap="sm">
        <Button component={Link} to={paths.topics}>
          Explore programs
        </Button>
        {!isSignedIn && (
          <Button component={Link} to={paths.newAdvisor} variant="default">
            Become a Mentor
          </Button>
        )}
      </Group>
    </Container>
  );
}

/** Client-side navigation does not scroll to #vision or #mission by itself. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
  }, [hash]);
}
