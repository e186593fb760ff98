import type { FastifyBaseLogger } from 'fastify';

/**
 * Security events of accounts: one structured log line each, with a fixed `event` field to search and alert
 * on, who (userId when known) and from where (ip). Never a password or a token.
 */
export const securityEvents = {
  loginSucceeded: 'auth.login.succeeded',
  loginFailed: 'auth.login.failed',
  /** Too many log-in attempts: answered 429 until the window passes. */
  loginLocked: 'auth.login.locked',
  passwordChanged: 'auth.password.changed',
  passwordReset: 'auth.password.reset',
  /** One sign-in (device) ended by its user. */
  signInEnded: 'auth.signin.ended',
  /** Every sign-in of the user ended (log-out). */
  loggedOut: 'auth.logout',
  twoStepOn: 'auth.two_step.on',
  twoStepOff: 'auth.two_step.off',
  /** Too many two-step codes for one account: codes are answered 429 until the window passes. */
  twoStepLocked: 'auth.two_step.locked',
  /** An owner asked, through a reset link, that an admin turn their two-step sign-in off. */
  twoStepRecoveryRequested: 'auth.two_step.recovery_requested',
} as const;

export type SecurityEvent = (typeof securityEvents)[keyof typeof securityEvents];

/** Who is asking: their address, and the logger of their request (its lines carry the request id). */
export interface Caller {
  ip: string;
  log: FastifyBaseLogger;
}

interface EventFields {
  userId?: number | null;
  signInId?: string;
  /** The username typed, when no account is known (a lock-out counts by it). */
  username?: string;
  /** Seconds the caller must wait before the next sign-in try (progressive delays, sign-in-delays.ts). */
  waitSeconds?: number;
}

const warnings: ReadonlySet<SecurityEvent> = new Set([
  securityEvents.loginFailed,
  securityEvents.loginLocked,
  securityEvents.twoStepLocked,
  securityEvents.twoStepRecoveryRequested,
]);

/** Logs the event: failures and lock-outs as warnings, the rest as info. */
export function logSecurityEvent(caller: Caller, event: SecurityEvent, fields: EventFields = {}): void {
  const line = { event, ...fields, ip: caller.ip };
  if (warnings.has(event)) caller.log.warn(line, event);
  else caller.log.info(line, event);
}
