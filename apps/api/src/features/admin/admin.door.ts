/**
 * The admin console feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * The console's API (app.ts passes it what it does through other features), making an admin account
 * (the admin:create command and tests), and the audit row of a file an admin exports elsewhere (PDFs).
 */

export { type AdminOptions, adminRoutes } from './admin.routes.ts';
export { createAdminAccount } from './admin-accounts.ts';
export { type AdminExport, recordAdminExport } from './exports-audit.ts';
