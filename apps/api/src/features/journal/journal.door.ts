/**
 * The journal feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * Between sessions (issue 24): session notes, action items and journeys. app.ts registers the routes; the
 * notifications feature reads open action items for its reminders.
 */
export { JournalRepository, type OpenActionItem } from './journal.repository.ts';
export { journalRoutes } from './journal.routes.ts';
