import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { selfAssessmentFields, selfAssessmentQuestions } from '@myprosper/contract/assessment';
import { formatDateChip } from '@myprosper/contract/dates';
import type { Session } from '@myprosper/contract/sessions';
import { localDateTimeOf } from '@myprosper/contract/slots';
import { useId } from 'react';
import { useLatestSelfAssessment } from '../api/get-latest-self-assessment.ts';

/** The advisees of a session whose answers the mentor reads: the host, and in a group every registered attendee. */
function adviseesOf(session: Session): Array<{ id: number; name: string }> {
  const people = [{ id: session.advisee.id, name: session.advisee.name }];
  for (const attendee of session.groupSessionAttendees) {
    if (attendee.adviseeId !== null && !people.some((person) => person.id === attendee.adviseeId)) {
      people.push({ id: attendee.adviseeId, name: attendee.advisee?.name ?? 'Attendee' });
    }
  }
  return people;
}

/** For the mentor, before the session: each advisee's newest self assessment, read-only. */
export function AdviseeAssessments({ session }: { session: Session }) {
  if (session.status === 'CANCELLED' || session.status === 'EXPIRED') return null;
  return (
    <>
      {adviseesOf(session).map((person) => (
        <AssessmentCard key={person.id} advisee={person} />
      ))}
    </>
  );
}

function AssessmentCard({ advisee }: { advisee: { id: number; name: string } }) {
  const headingId = useId();
  const assessment = useLatestSelfAssessment(advisee.id);
  const answers = assessment.data;
  const given = answers ? localDateTimeOf(new Date(answers.submittedAt)) : null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        Self assessment of {advisee.name}
      </Title>
      {assessment.isPending ? (
        <Skeleton height={80} mt="sm" />
      ) : assessment.isError ? (
        <Text c="dimmed" mt="xs">
          The self assessment could not be loaded.
        </Text>
      ) : !answers || !given ? (
        <Text c="dimmed" mt="xs">
          No self assessment yet
        </Text>
      ) : (
        <>
          <Text fz="sm" c="dimmed" mb="sm">
            Given on {formatDateChip(given.date)} at {given.time} (Nairobi time)
          </Text>
          <Stack gap="sm" component="dl" m={0}>
            {selfAssessmentFields.map((field) => (
              <div key={field}>
                <Text component="dt" fw={600} fz="sm">
                  {selfAssessmentQuestions[field]}
                </Text>
                <Text component="dd" m={0} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {answers[field]}
                </Text>
              </div>
            ))}
          </Stack>
        </>
      )}
    </Card>
  );
}
