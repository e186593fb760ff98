/**
 * The invitations feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * Inviting people to a group session.
 */
export { invitationsRoutes } from './invitations.routes.ts';
