import { SessionJournalSection } from '../../features/journal/components/session-journal-section.tsx';
import { SessionDetailsPage } from '../../features/sessions/pages/session-details-page.tsx';

/**
 * /sessions/{sessionId}: the sessions feature's page with what the journal feature adds to it (issue 24). Web
 * features never import each other, so the page takes the journal's part from here.
 */
export function SessionPage() {
  return <SessionDetailsPage journal={(session) => <SessionJournalSection session={session} />} />;
}
