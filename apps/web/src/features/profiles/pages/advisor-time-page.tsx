import { Button, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdvisorProfile } from '../api/get-advisor-profile.ts';
import { useAdvisorTimeSlots } from '../api/get-advisor-time-slots.ts';
import { AvailabilityEditor } from '../components/availability-editor.tsx';
import { BlockedDatesEditor } from '../components/blocked-dates-editor.tsx';
import { EditIcon } from '../components/icons.tsx';
import { LoadError, PageFrame } from '../components/page-frame.tsx';
import { TopicsEditor } from '../components/topics-editor.tsx';

/** /profile/advisor/time: the mentor's weekly hours, topics and blocked dates, and the way to their profile. */
export function AdvisorTimePage() {
  useDocumentTitle('Availability and Topics');
  const { user } = useSession();
  const advisorId = user?.userId ?? null;
  const week = useAdvisorTimeSlots(advisorId);
  const profile = useAdvisorProfile(advisorId);

  return (
    <PageFrame
      heading="Availability and Topics"
      intro="When you can meet mentees, and what you mentor on."
      size={1040}
      actions={
        <Button component={Link} to={paths.advisorEdit} variant="light" leftSection={<EditIcon size={18} />}>
          Update Profile
        </Button>
      }
    >
      <Stack gap="lg">
        {week.isError ? (
          <LoadError onRetry={() => void week.refetch()} />
        ) : week.data && advisorId !== null ? (
          <AvailabilityEditor advisorId={advisorId} week={week.data} />
        ) : (
          <Skeleton height={420} radius="lg" />
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {profile.isError ? (
            <LoadError onRetry={() => void profile.refetch()} />
          ) : profile.data ? (
            <TopicsEditor advisorId={profile.data.id} topics={profile.data.topics} />
          ) : (
            <Skeleton height={280} radius="lg" />
          )}
          <BlockedDatesEditor />
        </SimpleGrid>
      </Stack>
    </PageFrame>
  );
}
