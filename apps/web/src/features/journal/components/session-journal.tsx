import { Card, Divider, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { SessionJournal as Journal } from '@myprosper/contract/journal';
import { useId } from 'react';
import { useSessionJournal } from '../api/get-session-journal.ts';
import { ActionItemRow } from './action-item-row.tsx';
import { AddActionItemForm } from './add-action-item-form.tsx';
import { NotesEditor, savedAt } from './notes-editor.tsx';

function hasContent(journal: Journal): boolean {
  return journal.mentorNotes !== null || journal.ownNotes !== null || journal.actionItems.length > 0;
}

/**
 * 'Notes and action items' on a session's page (issue 24), once the session started: the mentor writes the
 * shared notes and gives action items; a mentee reads them, ticks their items and keeps notes of their own.
 */
export function SessionJournal({ sessionId }: { sessionId: number }) {
  const headingId = useId();
  const journal = useSessionJournal(sessionId);
  if (journal.isPending) return <Skeleton height={160} radius="md" />;
  if (journal.isError || !journal.data) return null;
  const data = journal.data;
  if (!data.canWrite && !hasContent(data)) return null;
  const isMentor = data.viewer === 'MENTOR';

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        Notes and action items
      </Title>
      <Stack gap="md">
        {isMentor && data.canWrite ? (
          <NotesEditor
            sessionId={data.sessionId}
            note={data.mentorNotes}
            label="Your notes for the mentee"
            description={
              data.attendees.length > 1
                ? 'Every attendee of this session reads them'
                : 'Your mentee reads them'
            }
          />
        ) : (
          <section aria-label="Mentor's notes">
            <Text fw={600} fz="sm" mb={4}>
              {isMentor ? 'Your notes' : "Mentor's notes"}
            </Text>
            {data.mentorNotes ? (
              <>
                <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {data.mentorNotes.body}
                </Text>
                <Text fz="xs" c="dimmed" mt={4}>
                  {savedAt(data.mentorNotes)}
                </Text>
              </>
            ) : (
              <Text c="dimmed" fz="sm">
                {isMentor ? 'No notes.' : 'Your mentor has not written notes yet.'}
              </Text>
            )}
          </section>
        )}

        <Divider />
        <section aria-label="Action items">
          <Text fw={600} fz="sm" mb="xs">
            {isMentor ? 'Action items' : 'Your action items'}
          </Text>
          {data.actionItems.length === 0 ? (
            <Text c="dimmed" fz="sm">
              No action items yet.
            </Text>
          ) : (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {data.actionItems.map((item) => (
                <li key={item.id}>
                  <ActionItemRow
                    item={item}
                    as={isMentor ? (data.canWrite ? 'MENTOR' : 'READER') : 'MENTEE'}
                    showWhose={isMentor && data.attendees.length > 1}
                  />
                </li>
              ))}
            </Stack>
          )}
        </section>
        {isMentor && data.canWrite && <AddActionItemForm journal={data} />}

        {!isMentor && (
          <>
            <Divider />
            {data.canWrite ? (
              <NotesEditor
                sessionId={data.sessionId}
                note={data.ownNotes}
                label="Your own notes"
                description="Only you can read them"
              />
            ) : (
              data.ownNotes && (
                <section aria-label="Your own notes">
                  <Text fw={600} fz="sm" mb={4}>
                    Your own notes
                  </Text>
                  <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {data.ownNotes.body}
                  </Text>
                </section>
              )
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
