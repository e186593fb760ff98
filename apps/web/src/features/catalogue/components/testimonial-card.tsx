import { Card, Text } from '@mantine/core';
import type { Testimonial } from '@myprosper/contract/catalogue';
import { posterOf } from '../lib/video-poster.ts';
import { VideoPlayer } from './video-player.tsx';

/** A video testimonial with who gave it. */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <Card withBorder padding="md" radius="md" h="100%" component="figure" m={0}>
      <Card.Section>
        <VideoPlayer
          src={testimonial.testimonial}
          poster={posterOf(testimonial.testimonial)}
          label={`Testimonial from ${testimonial.name}`}
        />
      </Card.Section>
      <Text component="figcaption" mt="md">
        <Text span fw={600} display="block">
          {testimonial.name}
        </Text>
        <Text span size="sm" c="dimmed" display="block">
          {testimonial.position}
        </Text>
      </Text>
    </Card>
  );
}
