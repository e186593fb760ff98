import { Badge } from '@mantine/core';
import type { Session } from '@myprosper/contract/sessions';
import { useCallSummary } from '../api/get-call-summary.ts';

/** After a confirmed session: who did not come to its call (mentor or mentees), as decided from join times. */
export function AttendanceBadges({ session }: { session: Session }) {
  const isOver = session.sessionStatus === 'PAST' && session.status === 'CONFIRMED';
  const summary = useCallSummary(session.id, isOver);
  if (!isOver || !summary.data) return null;
  const absentMentees = summary.data.people.filter((p) => p.role === 'ADVISEE' && p.noShow === true);
  return (
    <>
      {summary.data.mentorNoShow === true && (
        <Badge variant="light" color="red" radius="sm">
          Mentor no-show
        </Badge>
      )}
      {absentMentees.length > 0 && (
        <Badge variant="light" color="orange" radius="sm">
          {session.sessionType === 'GROUP'
            ? `Mentee no-show: ${absentMentees.map((p) => p.name).join(', ')}`
            : 'Mentee no-show'}
        </Badge>
      )}
    </>
  );
}
