/**
 * The health feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * /healthz and /readyz.
 */
export { healthRoutes } from './health.routes.ts';
