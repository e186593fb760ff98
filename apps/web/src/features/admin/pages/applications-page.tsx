import { Button, Card, Center, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { MentorApplication } from '@myprosper/contract/admin';
import { messages } from '@myprosper/contract/messages';
import { useState } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useApproveApplication } from '../api/approve-application.ts';
import { useApplications } from '../api/get-applications.ts';
import { useRejectApplication } from '../api/reject-application.ts';
import { ApplicationCard } from '../components/application-card.tsx';
import { RejectDialog } from '../components/reject-dialog.tsx';
import { notifyOutcome } from '../lib/notify-outcome.ts';

const noApplicationsText = 'No applications waiting for review';

/** /admin/applications: pending mentor applications, each approved or rejected with a reason. */
export function ApplicationsPage() {
  useDocumentTitle('Mentor applications');
  const applications = useApplications();
  const approve = useApproveApplication();
  const reject = useRejectApplication();
  const [rejecting, setRejecting] = useState<MentorApplication | null>(null);

  async function approveOne(application: MentorApplication): Promise<void> {
    await notifyOutcome(
      () => approve.mutateAsync(application.id),
      (answer) => `${answer.message}: ${application.name}`,
    );
  }

  async function rejectOne(reason: string): Promise<void> {
    if (!rejecting) return;
    const rejected = await notifyOutcome(
      () => reject.mutateAsync({ id: rejecting.id, reason }),
      (answer) => `${answer.message}: ${rejecting.name}`,
    );
    if (rejected) setRejecting(null);
  }

  return (
    <Container size="md" px="md" py={{ base: 'md', sm: 'xl' }}>
      <Title order={1} size="h2" mb="xs">
        Mentor applications
      </Title>
      <Text c="dimmed" mb="lg">
        Approved mentors can log in and are listed publicly. A rejected applicant receives your reason by
        e-mail.
      </Text>

      {applications.isPending ? (
        <Stack aria-busy="true" aria-label="Loading">
          {[0, 1].map((key) => (
            <Card key={key} withBorder radius="lg" padding="lg">
              <Skeleton height={88} circle />
              <Skeleton height={16} mt="md" width="60%" />
              <Skeleton height={12} mt="sm" />
            </Card>
          ))}
        </Stack>
      ) : applications.isError ? (
        <Center py="xl">
          <Stack align="center" gap="sm" role="alert">
            <Text fw={600} size="lg">
              {messages.loadError}
            </Text>
            <Button variant="light" onClick={() => void applications.refetch()}>
              Try again
            </Button>
          </Stack>
        </Center>
      ) : applications.data.length === 0 ? (
        <Center py="xl">
          <Text fw={600} size="lg" ta="center">
            {noApplicationsText}
          </Text>
        </Center>
      ) : (
        <Stack gap="lg">
          {applications.data.map((application) => (
            <ApplicationCard
              key={application.id}
              application={application}
              isBusy={approve.isPending && approve.variables === application.id}
              onApprove={() => void approveOne(application)}
              onReject={() => setRejecting(application)}
            />
          ))}
        </Stack>
      )}

      <RejectDialog
        key={rejecting?.id ?? 'none'}
        applicantName={rejecting?.name ?? ''}
        opened={rejecting !== null}
        isSubmitting={reject.isPending}
        onClose={() => setRejecting(null)}
        onReject={rejectOne}
      />
    </Container>
  );
}
