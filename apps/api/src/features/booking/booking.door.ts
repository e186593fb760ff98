/**
 * The booking feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * Free hours, booking and rescheduling.
 * app.ts registers the plugin; vouchers read mentors and programs through BookingRepository.
 */
export { bookingPlugin } from './booking.plugin.ts';
export { BookingRepository } from './booking.repository.ts';
