import type { Session } from '@myprosper/contract/sessions';
import { useSession } from '../../../lib/session.ts';
import { MenteeJourneys } from './mentee-journeys.tsx';
import { SessionJournal } from './session-journal.tsx';

/**
 * What the journal adds to a session's page (app/pages/session-page.tsx puts it there): its notes and action
 * items once it started; for its mentor, before it ends, each mentee's journey with them.
 */
export function SessionJournalSection({ session }: { session: Session }) {
  const { isAdvisor } = useSession();
  const isHeld = session.status === 'CONFIRMED' && !session.mentorNoShow;
  const hasStarted = new Date(session.startTimeUtc).getTime() <= Date.now();
  return (
    <>
      {hasStarted && <SessionJournal sessionId={session.id} />}
      {isAdvisor && isHeld && session.sessionStatus === 'UPCOMING' && <MenteeJourneys session={session} />}
    </>
  );
}
