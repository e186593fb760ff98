/**
 * The calls feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * Video calls: signaling, attendance and no-shows.
 * app.ts registers the plugin and wires no-shows and closeCallRoom; the admin console and payments read
 * attendance and no-show decisions (and whether a session's price is covered, so an uncovered group is never
 * settled to its mentor); sessions asks the presence rule (who attended) for ratings; payouts shows admins
 * the presence records of a disputed session.
 */
export { AttendanceRepository, type PresenceRecord } from './attendance.repository.ts';
export { callsPlugin } from './calls.plugin.ts';
export { CallsRepository, priceCovered } from './calls.repository.ts';
export { closeCallRoom } from './close-room.ts';
export { NoShowService } from './no-show.service.ts';
export type { MentorNoShowMoney } from './no-show-refund.ts';
export { hasAttended, secondsPresent } from './presence.ts';
