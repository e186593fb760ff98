/**
 * The profiles feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * People's profiles, uploads, mentors' settings and payout methods, help requests.
 * app.ts registers the plugin and the /uploads routes; other features use callerOf and a mentor
 * application's uploads.
 */
export { callerOf } from './caller.ts';
export { profilesPlugin } from './profiles.plugin.ts';
export { removeOwnUploads } from './profiles.service.ts';
export { assertUploadBudget, type UploadOrigin } from './upload-budget.ts';
export { UploadsRepository } from './uploads.repository.ts';
export { uploadsServeRoutes } from './uploads.routes.ts';
