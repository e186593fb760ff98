import { type TwoStepRecoveryItem, twoStepMessages } from '@myprosper/contract/two-step';
import type { Env } from '../../config/env.ts';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import type { Account } from './auth.repository.ts';
import { AuthRepository } from './auth.repository.ts';
import type { SecurityMail } from './security-mail.ts';
import { SignInsRepository } from './sign-ins.repository.ts';
import { TwoStepRepository } from './two-step.repository.ts';
import { TwoStepRecoveryRepository } from './two-step-recovery.repository.ts';

/** What an admin decided about a request, for the audit row the admin feature writes in the same transaction. */
export interface RecoveryDecision {
  requestId: number;
  userId: number;
  status: 'APPROVED' | 'REFUSED';
  reason: string;
}

export interface TwoStepRecoveriesDeps {
  db: Db;
  mail: Pick<SecurityMail, 'send'>;
  env: Pick<Env, 'PUBLIC_URL' | 'SUPPORT_EMAIL'>;
  now?: () => Date;
}

/**
 * Recovery of an owner locked out by a second factor they cannot use, or did not set (a thief with a short-lived
 * token could once turn it on with their own key). The e-mailed reset link proves the address; an admin then
 * approves or refuses, audited. Approval turns two-step sign-in off and signs the account out everywhere; both
 * the request and the decision are e-mailed to the owner, so a request the owner did not make is seen.
 */
export class TwoStepRecoveries {
  constructor(private readonly deps: TwoStepRecoveriesDeps) {}

  /**
   * Records the request of the account a valid reset link proved (AuthService.checkResetLink), once while one
   * waits (asking again answers the same), and tells the owner.
   */
  async request(account: Account, reason: string, requestedFrom: string): Promise<void> {
    const twoStep = await new TwoStepRepository(this.deps.db).find(account.id);
    if (!twoStep?.enabledAt) throw invalid(twoStepMessages.recoveryNotNeeded);
    const isNew = await new TwoStepRecoveryRepository(this.deps.db).insert({
      userId: account.id,
      reason,
      requestedFrom,
    });
    if (isNew) this.tell(account, 'requested');
  }

  async listPending(): Promise<TwoStepRecoveryItem[]> {
    const rows = await new TwoStepRecoveryRepository(this.deps.db).listPending();
    return rows.map((row) => ({
      ...row,
      requestedAt: row.requestedAt.toISOString(),
      lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
      twoStepOnSince: row.twoStepOnSince?.toISOString() ?? null,
    }));
  }

  /**
   * An admin's decision, in one transaction with `audit` (the admin feature's audit row). Approving removes the
   * second factor and its recovery codes and ends every sign-in and token of the account. A request about the
   * admin's own account, or one already decided, changes nothing.
   */
  async decide(
    adminId: number,
    requestId: number,
    approve: boolean,
    audit: (tx: DbOrTx, decision: RecoveryDecision) => Promise<void>,
  ): Promise<void> {
    const now = this.deps.now?.() ?? new Date();
    const owner = await this.deps.db.transaction(async (tx) => {
      const repository = new TwoStepRecoveryRepository(tx);
      const request = await repository.lock(requestId);
      if (!request) throw notFound(twoStepMessages.recoveryNotFound);
      if (request.userId === adminId) throw forbidden(twoStepMessages.recoveryOwn);
      if (request.status !== 'PENDING') throw conflict(twoStepMessages.recoveryDecided);
      const status = approve ? 'APPROVED' : 'REFUSED';
      if (approve) {
        await new TwoStepRepository(tx).remove(request.userId);
        await new AuthRepository(tx).bumpTokenVersion(request.userId);
        await new SignInsRepository(tx).deleteAllOf(request.userId);
      }
      await repository.decide(requestId, { status, decidedBy: adminId, decidedAt: now });
      await audit(tx, { requestId, userId: request.userId, status, reason: request.reason });
      return request;
    });
    this.tell(owner, approve ? 'approved' : 'refused');
  }

  private tell(owner: { name: string; email: string }, what: 'requested' | 'approved' | 'refused'): void {
    const base = this.deps.env.PUBLIC_URL.replace(/\/+$/, '');
    const firstName = owner.name.trim().split(/\s+/)[0] || 'there';
    const body = {
      requested: [
        'We received a request to turn off two-step sign-in for your MyProsper account, made from a password',
        'reset link sent to this address. An admin will check it and write to you again.',
        '',
        `If you did not ask for this, choose a new password now at ${base}/auth/password/forgot`,
        `and tell our support team at ${this.deps.env.SUPPORT_EMAIL}.`,
      ],
      approved: [
        'An admin turned off two-step sign-in for your MyProsper account, as you asked, and signed it out on',
        'every device. Sign in with your password, then turn two-step sign-in on again on your security page:',
        `${base}/profile/security`,
      ],
      refused: [
        'An admin could not confirm the request to turn off two-step sign-in for your MyProsper account, so it',
        `stays on. If you need help, write to our support team at ${this.deps.env.SUPPORT_EMAIL}.`,
      ],
    }[what];
    const subject = {
      requested: 'We received your request about two-step sign-in',
      approved: 'Two-step sign-in was turned off for your MyProsper account',
      refused: 'Your request about two-step sign-in was not approved',
    }[what];
    this.deps.mail.send(
      { to: owner.email, subject, text: [`Hello ${firstName},`, '', ...body].join('\n') },
      `two-step recovery ${what}`,
    );
  }
}
