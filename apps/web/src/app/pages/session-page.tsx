import { SessionJournalSection } from '../../features/journal/components/session-journal-section.tsx';

export { JourneyPage } from '../../features/journal/pages/journey-page.tsx';

import { SessionDetailsPage } from '../../features/sessions/pages/session-details-page.tsx';

/**
 * /sessions/{sessionId}: the sessions feature's page with what the journal feature adds to it (issue 24). Web
 * features never import each other, so the page takes the journal's part from here. My journey (/journey)
 * loads from this module too: the two pages share most of their code, and one chunk for both keeps the shell's
 * list of chunks (at its size budget) from growing by two names.
 */
export function SessionPage() {
  return <SessionDetailsPage journal={(session) => <SessionJournalSection session={session} />} />;
}
