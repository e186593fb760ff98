/**
 * The admin console feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * The console's API (app.ts passes it what it does through other features), and making an admin account
 * (the admin:create command and tests).
 */

export { type AdminOptions, adminRoutes } from './admin.routes.ts';
export { createAdminAccount } from './admin-accounts.ts';
