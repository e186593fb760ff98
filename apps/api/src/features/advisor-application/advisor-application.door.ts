/**
 * The advisor application feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * Applying to be a mentor.
 */
export { applicationRoutes } from './application.routes.ts';
