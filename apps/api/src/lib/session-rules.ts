import { defaultSessionRules, type SessionRules } from '@myprosper/contract/rules';
import type { Env } from '../config/env.ts';

export type SessionRulesEnv = Pick<
  Env,
  | 'CANCEL_FULL_REFUND_HOURS'
  | 'RESCHEDULE_CUTOFF_HOURS'
  | 'PRESENCE_MINUTES'
  | 'GROUP_CUTOFF_HOURS'
  | 'MPESA_PROMPTS_PER_NUMBER_PER_HOUR'
  | 'SMS_PER_NUMBER_PER_DAY'
  | 'CALL_EARLY_JOIN_MINUTES'
  | 'CALL_GRACE_MINUTES'
>;

/**
 * The session rules in force: the contract's defaults with the configurable numbers from the environment.
 * Every feature enforcing a rule reads it from here, and GET /myprosper/api/sessionRules shows the same.
 */
export function sessionRulesOf(env: SessionRulesEnv): SessionRules {
  return {
    ...defaultSessionRules,
    fullRefundHours: env.CANCEL_FULL_REFUND_HOURS,
    rescheduleCutoffHours: env.RESCHEDULE_CUTOFF_HOURS,
    presenceMinutes: env.PRESENCE_MINUTES,
    groupCutoffHours: env.GROUP_CUTOFF_HOURS,
    mpesaPromptsPerNumberPerHour: env.MPESA_PROMPTS_PER_NUMBER_PER_HOUR,
    smsPerNumberPerDay: env.SMS_PER_NUMBER_PER_DAY,
    callEarlyJoinMinutes: env.CALL_EARLY_JOIN_MINUTES,
    callGraceMinutes: env.CALL_GRACE_MINUTES,
  };
}
