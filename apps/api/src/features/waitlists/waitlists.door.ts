/**
 * The waitlists feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * Waitlists of full mentors and the hours held for the people on them (issue 24).
 * app.ts registers the plugin; booking asks claimHourForBooking, in its transaction, before it writes an hour,
 * and leaves out of a mentor's availability the hours held for others (hoursHeldForOthers).
 */
export { waitlistsPlugin } from './waitlists.plugin.ts';
export { claimHourForBooking, hoursHeldForOthers } from './waitlists.service.ts';
