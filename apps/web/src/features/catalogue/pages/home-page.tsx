import { Box, SimpleGrid } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { paths } from '../../../config/paths.ts';
import { useDeferredQuery } from '../../../lib/use-deferred-query.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useFaqs } from '../api/get-faqs.ts';
import { useLiveTopics } from '../api/get-live-topics.ts';
import { useTestimonials } from '../api/get-testimonials.ts';
import { useTopAdvisors } from '../api/get-top-advisors.ts';
import { AdvisorCard } from '../components/advisor-card.tsx';
import { FaqAccordion } from '../components/faq-accordion.tsx';
import { HomeHero } from '../components/home-hero.tsx';
import { HomeSection } from '../components/home-section.tsx';
import { HowItWorks } from '../components/how-it-works.tsx';
import { OfflineNotice } from '../components/offline-notice.tsx';
import { ProgramCard } from '../components/program-card.tsx';
import { CardGridSkeleton, EmptyState, LoadError } from '../components/state-views.tsx';
import { TestimonialCard } from '../components/testimonial-card.tsx';
import { useViewerId } from '../hooks/use-viewer-id.ts';

/**
 * How many of each list the home page previews; the full lists have their own pages. Each list reaches the
 * screen as a deferred (interruptible) render, so a phone stays responsive while the cards mount.
 */
const preview = { programs: 6, advisors: 4, testimonials: 3 } as const;

/** /: the promise, live programs, top mentors, how it works, advisee FAQs and testimonials. */
export function HomePage() {
  useDocumentTitle('Home');
  return (
    <Box>
      <OfflineNotice framed />
      <HomeHero />
      <LivePrograms />
      <TopAdvisors />
      <HomeSection title="How it works">
        <HowItWorks />
      </HomeSection>
      <Faqs />
      <Testimonials />
    </Box>
  );
}

function LivePrograms() {
  const topics = useDeferredQuery(useLiveTopics());
  return (
    <HomeSection
      title="Programs"
      intro="Practical guidance on the questions that shape your career and life."
      moreLink={{ to: paths.topics, label: 'All programs' }}
    >
      {topics.isPending ? (
        <CardGridSkeleton count={3} />
      ) : topics.isError ? (
        <LoadError onRetry={() => void topics.refetch()} />
      ) : topics.data.length === 0 ? (
        <EmptyState>{messages.noPrograms}</EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {topics.data.slice(0, preview.programs).map((topic) => (
            <ProgramCard key={topic.id} topic={topic} />
          ))}
        </SimpleGrid>
      )}
    </HomeSection>
  );
}

function TopAdvisors() {
  const advisors = useDeferredQuery(useTopAdvisors(useViewerId()));
  return (
    <HomeSection
      title="Top mentors"
      intro="Highly rated professionals, ready for a one hour conversation."
      moreLink={{ to: paths.advisors, label: 'Find a mentor' }}
      tinted
    >
      {advisors.isPending ? (
        <CardGridSkeleton count={4} cols={{ base: 1, xs: 2, md: 4 }} imageHeight={96} />
      ) : advisors.isError ? (
        <LoadError onRetry={() => void advisors.refetch()} />
      ) : advisors.data.length === 0 ? (
        <EmptyState>{messages.noAdvisors}</EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {advisors.data.slice(0, preview.advisors).map((advisor) => (
            <AdvisorCard key={advisor.id} advisor={advisor} />
          ))}
        </SimpleGrid>
      )}
    </HomeSection>
  );
}

function Faqs() {
  const faqs = useDeferredQuery(useFaqs('ADVISEE'));
  // Nothing to ask about yet: the section stays out of the way.
  if (faqs.isSuccess && faqs.data.length === 0) return null;
  return (
    <HomeSection title="Frequently asked questions" tinted>
      {faqs.isPending ? (
        <CardGridSkeleton count={3} cols={{ base: 1 }} imageHeight={0} />
      ) : faqs.isError ? (
        <LoadError onRetry={() => void faqs.refetch()} />
      ) : (
        <FaqAccordion faqs={faqs.data} />
      )}
    </HomeSection>
  );
}

function Testimonials() {
  const testimonials = useDeferredQuery(useTestimonials());
  return (
    <HomeSection
      title="Testimonials"
      intro="In their own words."
      moreLink={{ to: paths.testimonials, label: 'All testimonials' }}
    >
      {testimonials.isPending ? (
        <CardGridSkeleton count={3} cols={{ base: 1, sm: 2, lg: 3 }} imageHeight={200} />
      ) : testimonials.isError ? (
        <LoadError onRetry={() => void testimonials.refetch()} />
      ) : testimonials.data.length === 0 ? (
        <EmptyState>{messages.noTestimonials}</EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {testimonials.data.slice(0, preview.testimonials).map((testimonial) => (
            <TestimonialCard key={testimonial.id} testimonial={testimonial} />
          ))}
        </SimpleGrid>
      )}
    </HomeSection>
  );
}
