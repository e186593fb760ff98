import { Checkbox, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { maxAdvisorTopics } from '@myprosper/contract/advisor-settings';
import type { Industry, TopicSummary } from '@myprosper/contract/catalogue';
import {
  adviseeLevelOptions,
  comfortRatingOptions,
  experienceOptions,
  organisationSizeOptions,
} from '../lib/answer-options.ts';
import type { StepProps } from './step-props.ts';
import { VideoField } from './video-field.tsx';

interface ExpertiseStepProps extends StepProps {
  industries: Industry[] | undefined;
  topics: TopicSummary[] | undefined;
  hasLoadError: boolean;
  video: File | null;
  onVideo: (video: File | null) => void;
}

/** Step 2, Interest & Expertise: the mentor's work, one to five topics, and an introduction video. */
export function ExpertiseStep({
  values,
  set,
  marked,
  industries,
  topics,
  hasLoadError,
  video,
  onVideo,
}: ExpertiseStepProps) {
  const answer = (field: Parameters<StepProps['set']>[0]) => ({
    value: (values[field] as string) || null,
    onChange: (value: string | null) => set(field, value ?? ''),
    error: marked.has(field),
    required: true,
    allowDeselect: false,
  });

  return (
    <Stack gap="md">
      {hasLoadError && (
        <Text c="red.9" role="alert">
          Could not load the industries or topics. Please refresh the page.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <Select
          label="Industry"
          name="industryId"
          placeholder="Choose your industry"
          data={(industries ?? []).map((industry) => ({ value: String(industry.id), label: industry.name }))}
          searchable
          {...answer('industryId')}
        />
        <TextInput
          label="Occupation"
          name="occupation"
          placeholder="e.g. Finance Director"
          value={values.occupation}
          onChange={(event) => set('occupation', event.currentTarget.value)}
          error={marked.has('occupation')}
          required
        />
        <Select
          label="Years of professional work experience"
          name="yrsOfProfessionalWorkExperience"
          placeholder="Choose one"
          data={experienceOptions}
          {...answer('yrsOfProfessionalWorkExperience')}
        />
        <Select
          label="Size of your organisation"
          name="sizeOfOrganization"
          placeholder="Choose one"
          data={organisationSizeOptions}
          {...answer('sizeOfOrganization')}
        />
        <Select
          label="Level of advisees you would like to mentor"
          name="levelOfAdvisee"
          placeholder="Choose one"
          data={adviseeLevelOptions}
          {...answer('levelOfAdvisee')}
        />
        <Select
          label="How comfortable are you working with new advisees?"
          name="ratingForWorkingWithNewAdvisees"
          placeholder="Choose one"
          data={comfortRatingOptions}
          {...answer('ratingForWorkingWithNewAdvisees')}
        />
      </SimpleGrid>

      <Checkbox.Group
        label="Topics you can mentor on"
        description={`Choose up to ${maxAdvisorTopics}: ${values.topics.length} chosen`}
        value={values.topics}
        onChange={(topicIds) => set('topics', topicIds)}
        error={marked.has('topics')}
        required
      >
        {topics ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
            {topics.map((topic) => (
              <Checkbox key={topic.id} value={String(topic.id)} label={topic.name} />
            ))}
          </SimpleGrid>
        ) : hasLoadError ? (
          <Text c="dimmed" mt="xs">
            Topics unavailable
          </Text>
        ) : (
          <Skeleton height={60} mt="xs" aria-label="Loading topics" />
        )}
      </Checkbox.Group>

      <VideoField video={video} onChange={onVideo} error={marked.has('video')} />
    </Stack>
  );
}
