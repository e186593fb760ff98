/**
 * The verification feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * Phone numbers proven by an SMS code (issue 19). app.ts builds the service once and passes it to sign-up
 * (a code at once) and to the mentor application (its proof, and the number's other holders released).
 */
export { isPhoneProofFor } from './phone-proof.ts';
export { createPhoneVerification } from './verification.plugin.ts';
export type { ReleasedHolder } from './verification.repository.ts';
export { verificationRoutes } from './verification.routes.ts';
export { PhoneVerificationService } from './verification.service.ts';
