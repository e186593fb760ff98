import {
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { MentorApplication } from '@myprosper/contract/admin';
import type { ReactNode } from 'react';
import { EmailText } from '../../../components/email-text.tsx';

const appliedFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Nairobi',
});

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

/** One pending application: who, what they answered, their photo and video, and the two decisions. */
export function ApplicationCard({
  application,
  isBusy,
  onApprove,
  onReject,
}: {
  application: MentorApplication;
  isBusy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const a = application;
  const headingId = `application-${a.id}`;
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar src={a.profilePicUrl} size={88} radius={88} alt={`Photo of ${a.name}`} />
          <Box style={{ minWidth: 0 }}>
            <Title order={2} size="h3" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {a.name}
            </Title>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {[a.occupation, a.industry?.name].filter(Boolean).join(' · ')}
            </Text>
            <Text fz="xs" c="dimmed">
              Applied {appliedFormat.format(new Date(a.appliedAt))}
            </Text>
          </Box>
        </Group>

        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <Fact label="Email">
            <Anchor href={`mailto:${a.email}`} fz="sm">
              <EmailText email={a.email} />
            </Anchor>
          </Fact>
          <Fact label="Phone">{a.phoneNumber ? `+${a.phoneNumber.replace(/^\+/, '')}` : ''}</Fact>
          <Fact label="Country">{a.country}</Fact>
          <Fact label="Gender">{a.gender}</Fact>
          <Fact label="Date of birth">{a.dob}</Fact>
          <Fact label="LinkedIn">
            {a.linkedInUrl && (
              <Anchor href={a.linkedInUrl} target="_blank" rel="noopener noreferrer" fz="sm">
                {a.linkedInUrl.replace(/^https?:\/\/(www\.)?/, '')}
              </Anchor>
            )}
          </Fact>
          <Fact label="Work experience">{a.yrsOfProfessionalWorkExperience}</Fact>
          <Fact label="Organisation size">{a.sizeOfOrganization}</Fact>
          <Fact label="Advisees">{a.levelOfAdvisee}</Fact>
          <Fact label="Comfort with new advisees">{a.ratingForWorkingWithNewAdvisees}</Fact>
          <Fact label="Heard of us">{a.source}</Fact>
          <Fact label="Terms accepted">
            {a.terms
              ? `Version ${a.terms.version}, ${appliedFormat.format(new Date(a.terms.acceptedAt))}`
              : 'Not recorded'}
          </Fact>
        </SimpleGrid>

        {a.previousApplications.length > 0 && (
          <div>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
              Earlier applications
            </Text>
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {a.previousApplications.map((earlier) => (
                <Text component="li" fz="sm" key={earlier.submittedAt} style={{ overflowWrap: 'anywhere' }}>
                  Applied {appliedFormat.format(new Date(earlier.submittedAt))}:{' '}
                  {earlier.status === 'REJECTED'
                    ? 'rejected'
                    : earlier.status === 'APPROVED'
                      ? 'approved'
                      : 'pending'}
                  {earlier.reviewedAt && ` ${appliedFormat.format(new Date(earlier.reviewedAt))}`}
                  {earlier.rejectionReason && ` — ${earlier.rejectionReason}`}
                </Text>
              ))}
            </Stack>
          </div>
        )}

        <div>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
            Topics
          </Text>
          <Group gap={6}>
            {a.topics.map((topic) => (
              <Badge key={topic.id} variant="light" tt="none" size="lg">
                {topic.name}
              </Badge>
            ))}
          </Group>
        </div>

        <Fact label="Favourite quote">{a.favouriteQuote && `“${a.favouriteQuote}”`}</Fact>
        <Fact label="Biography">
          <span style={{ whiteSpace: 'pre-line' }}>{a.biography}</span>
        </Fact>

        {a.videoURL ? (
          <Box>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
              Introduction video
            </Text>
            {/* biome-ignore lint/a11y/useMediaCaption: applicants' own videos come without captions */}
            <video
              src={a.videoURL}
              controls
              preload="metadata"
              aria-label={`Introduction video of ${a.name}`}
              style={{ width: '100%', maxHeight: 360, background: '#000', borderRadius: 8 }}
            />
          </Box>
        ) : (
          <Fact label="Introduction video">No video</Fact>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="outline" color="red.8" onClick={onReject} disabled={isBusy}>
            Reject
          </Button>
          <Button onClick={onApprove} loading={isBusy}>
            Approve
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
