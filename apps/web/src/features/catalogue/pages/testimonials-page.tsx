import { Container, SimpleGrid, Text, Title } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTestimonials } from '../api/get-testimonials.ts';
import { CardGridSkeleton, EmptyState, LoadError } from '../components/state-views.tsx';
import { TestimonialCard } from '../components/testimonial-card.tsx';

/** /testimonials: advisees and mentors in their own words, on video. */
export function TestimonialsPage() {
  useDocumentTitle('Testimonials');
  const testimonials = useTestimonials();

  return (
    <Container size="lg" py="xl">
      <Title order={1}>Testimonials</Title>
      <Text c="dimmed" mt="xs" mb="xl" maw={640}>
        Hear from people who have grown with a MyProsper mentor.
      </Text>
      {testimonials.isPending ? (
        <CardGridSkeleton cols={{ base: 1, sm: 2, lg: 3 }} imageHeight={200} />
      ) : testimonials.isError ? (
        <LoadError onRetry={() => void testimonials.refetch()} />
      ) : testimonials.data.length === 0 ? (
        <EmptyState>{messages.noTestimonials}</EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {testimonials.data.map((testimonial) => (
            <TestimonialCard key={testimonial.id} testimonial={testimonial} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
