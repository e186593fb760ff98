/**
 * The auth feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * Accounts, sign-in and tokens. app.ts registers the plugin and routes; other features use CurrentUser (who
 * is calling, set by authPlugin's hooks) and the signup repository (a mentor application makes an account).
 */
export type { CurrentUser } from './auth.plugin.ts';
export { default as authPlugin } from './auth.plugin.ts';
export { authRoutes } from './auth.routes.ts';
export { createEmailLinks, type EmailLinks } from './email-verification.service.ts';
export { endPasswordTry, type PasswordTry, startPasswordTry } from './password-tries.ts';
export { applicationResetLink } from './reset-link.ts';
export { SecurityMail } from './security-mail.ts';
export { accountConflictOf, type NewAccount, SignupRepository } from './signup.repository.ts';
export { type Clock, TokenService } from './token.service.ts';
export { type RecoveryDecision, TwoStepRecoveries } from './two-step-recovery.ts';
