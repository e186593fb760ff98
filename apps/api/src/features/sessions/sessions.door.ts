/**
 * The sessions feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * Sessions and their people: lists, details, status, ratings.
 * app.ts registers the routes and builds SessionsService; booking, payments, invitations, notifications and
 * the admin console read sessions through the rest.
 */
export { bookingConflictOf } from './booking-conflicts.ts';
export { effectiveStatus, isHoldingSlot, toSession } from './session-view.ts';
export {
  holdLapsedAt,
  holdsSlotAt,
  type ParticipantRecord,
  type SessionRecord,
  SessionsRepository,
} from './sessions.repository.ts';
export { sessionsRoutes } from './sessions.routes.ts';
export { SessionsService } from './sessions.service.ts';
