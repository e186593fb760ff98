import { Card, Text, Title } from '@mantine/core';
import type { TopicSummary } from '@myprosper/contract/catalogue';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { CoverImage } from './cover-image.tsx';

/** A program: image, name and tag line; the whole card opens /topics/{id}. */
export function ProgramCard({
  topic,
  eager = false,
  headingOrder = 3,
}: {
  topic: TopicSummary;
  eager?: boolean;
  /** 2 where the cards sit right under the page's h1 (the program list), 3 under a section's h2. */
  headingOrder?: 2 | 3;
}) {
  return (
    <Card
      component={Link}
      to={paths.topic(topic.id)}
      // Its focus outline: app/accessibility.css.
      className="program-card"
      withBorder
      padding="md"
      radius="md"
      h="100%"
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Card.Section>
        {/* The name below already labels the link; the picture only decorates it. */}
        <CoverImage src={topic.imgUrl} alt="" eager={eager} />
      </Card.Section>
      <Title order={headingOrder} size="h4" mt="md" lh={1.3}>
        {topic.name}
      </Title>
      <Text size="sm" c="dimmed" mt={6} lineClamp={3}>
        {topic.tagLine}
      </Text>
    </Card>
  );
}
