/**
 * The assessment feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * The self-assessment.
 */
export { assessmentRoutes } from './assessment.routes.ts';
