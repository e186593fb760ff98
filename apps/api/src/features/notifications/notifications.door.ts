/**
 * The notifications feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * Reminders and notices by e-mail and SMS.
 */
export { notificationsPlugin } from './notifications.plugin.ts';
