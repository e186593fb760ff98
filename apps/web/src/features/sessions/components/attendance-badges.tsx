import { Badge } from '@mantine/core';
import type { Session } from '@myprosper/contract/sessions';
import { useCallSummary } from '../api/get-call-summary.ts';

/**
 * After a confirmed session: which mentees did not attend its call, as decided by the presence rule (a mentor
 * who did not is the session's own status: 'Mentor did not attend — refunded').
 */
export function AttendanceBadges({ session }: { session: Session }) {
  const isOver = session.sessionStatus === 'PAST' && session.status === 'CONFIRMED';
  const summary = useCallSummary(session.id, isOver);
  if (!isOver || !summary.data || session.mentorNoShow) return null;
  const absentMentees = summary.data.people.filter((p) => p.role === 'ADVISEE' && p.noShow === true);
  return (
    <>
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
