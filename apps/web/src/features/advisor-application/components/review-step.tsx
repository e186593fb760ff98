import { Avatar, Checkbox, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { advisorTerms } from '@myprosper/contract/advisor-application';
import type { Industry, TopicSummary } from '@myprosper/contract/catalogue';
import { type ReactNode, useId } from 'react';
import { countryName } from '../../../components/phone-field/countries.ts';
import { type ApplicationFilesState, type ApplicationValues, formatBytes } from '../lib/application-form.ts';
import type { StepProps } from './step-props.ts';

interface ReviewStepProps extends StepProps {
  files: ApplicationFilesState;
  industries: Industry[] | undefined;
  topics: TopicSummary[] | undefined;
  /** 0 to 1 while the application is being sent; null otherwise. */
  progress: number | null;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{children || '—'}</Text>
    </div>
  );
}

function topicNames(values: ApplicationValues, topics: TopicSummary[] | undefined): string {
  const names = new Map((topics ?? []).map((topic) => [String(topic.id), topic.name]));
  return values.topics.map((id) => names.get(id) ?? id).join(', ');
}

/** Step 3, Submit for Review: what will be sent, the terms, and the upload's progress. */
export function ReviewStep({ values, set, marked, files, industries, topics, progress }: ReviewStepProps) {
  const progressId = useId();
  const industry = industries?.find((item) => String(item.id) === values.industryId)?.name ?? '';
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Group gap="md" wrap="nowrap" mb="md">
          <Avatar src={files.photo?.previewUrl} size={72} radius={72} alt="Your profile photo" />
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {values.name.trim()}
            </Title>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {values.occupation.trim()}
              {industry ? ` · ${industry}` : ''}
            </Text>
          </div>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Fact label="Email">{values.email.trim()}</Fact>
          <Fact label="Phone">{values.phone.number.trim()}</Fact>
          <Fact label="Country">{countryName(values.country)}</Fact>
          <Fact label="Date of birth">{values.dob}</Fact>
          <Fact label="Gender">{values.gender}</Fact>
          <Fact label="LinkedIn">{values.linkedInUrl.trim()}</Fact>
          <Fact label="Experience">{values.yrsOfProfessionalWorkExperience}</Fact>
          <Fact label="Organisation size">{values.sizeOfOrganization}</Fact>
          <Fact label="Advisees">{values.levelOfAdvisee}</Fact>
          <Fact label="Comfort with new advisees">{values.ratingForWorkingWithNewAdvisees}</Fact>
          <Fact label="Topics">{topicNames(values, topics)}</Fact>
          <Fact label="Video">
            {files.video ? `${files.video.name} (${formatBytes(files.video.size)})` : ''}
          </Fact>
        </SimpleGrid>
        <Stack gap="sm" mt="sm">
          <Fact label="Favourite quote">{values.favouriteQuote.trim()}</Fact>
          <Fact label="Biography">
            <span style={{ whiteSpace: 'pre-line' }}>{values.biography.trim()}</span>
          </Fact>
        </Stack>
      </Paper>

      <Checkbox
        label={advisorTerms.text}
        checked={values.termsAccepted}
        onChange={(event) => set('termsAccepted', event.currentTarget.checked)}
        error={marked.has('termsAccepted')}
      />

      {progress !== null && (
        <Stack gap={4}>
          <Text fz="sm" id={progressId}>
            {progress < 1
              ? `Uploading your application… ${Math.round(progress * 100)}%`
              : 'Saving your application…'}
          </Text>
          <Progress
            value={Math.round(progress * 100)}
            animated={progress >= 1}
            size="lg"
            aria-labelledby={progressId}
          />
        </Stack>
      )}
    </Stack>
  );
}
