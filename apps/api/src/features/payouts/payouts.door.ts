/**
 * The payouts feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * Mentors paid to M-PESA by B2C (issue 21): payout runs, the earnings hold and mentees' disputes.
 * app.ts builds the services (createPayouts), registers the plugin and hands `settle` to the Daraja core.
 */
export { createPayouts, payoutsPlugin } from './payouts.plugin.ts';
export type { PayoutOutcome, PayoutsService } from './payouts.service.ts';
