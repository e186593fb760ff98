import { emailLinkHours, verificationMessages } from '@myprosper/contract/verification';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../providers/mail.ts';
import { emailLinkKey, emailLinkUrl, signEmailLink, verifyEmailLink } from './email-link.ts';
import { type EmailAccount, EmailVerificationRepository } from './email-verification.repository.ts';
import type { Clock } from './token.service.ts';

export interface EmailLinksDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  signingSecret: string;
  supportEmail: string;
  now: Clock;
  log: FastifyBaseLogger;
}

/** Why a link is sent: it decides the mail's words only (every link confirms an address the same way). */
export type EmailLinkReason = 'SIGNUP' | 'APPLICATION' | 'CHANGE' | 'AGAIN';

/**
 * E-mail addresses proven by a signed link (HS256, valid `emailLinkHours`): sent at advisee sign-up, with a
 * mentor application, and to the new address of an e-mail change, which counts only once its link is opened
 * (until then the account keeps its current address). Opening a link again just says the address is confirmed.
 */
export class EmailLinks {
  private readonly key: Uint8Array;

  constructor(private readonly deps: EmailLinksDeps) {
    this.key = emailLinkKey(deps.signingSecret);
  }

  /** Mails `to` (the account's address, or the new one of a change) a link that confirms it. */
  async send(
    account: Pick<EmailAccount, 'id' | 'name' | 'email' | 'tokenVersion'>,
    reason: EmailLinkReason,
    to: string = account.email,
  ): Promise<void> {
    const token = await signEmailLink(
      this.key,
      { userId: account.id, email: to, from: account.email, version: account.tokenVersion },
      this.deps.now,
      emailLinkHours,
    );
    const mail = confirmAddressMail({
      name: account.name,
      link: emailLinkUrl(this.deps.publicUrl, token),
      reason,
    });
    await this.mail(to, mail.subject, mail.text, 'e-mail confirmation');
  }

  /** A new link to the caller's address while it is not confirmed. */
  async sendAgain(userId: number): Promise<void> {
    const account = await new EmailVerificationRepository(this.deps.db).findAccount(userId);
    if (!account) throw notFound(verificationMessages.emailLinkInvalid);
    if (account.emailVerifiedAt) throw invalid(verificationMessages.emailAlreadyVerified);
    await this.send(account, 'AGAIN');
  }

  /**
   * Opens a link: 'Invalid Link' when it is not ours, was changed, or is for an address the account no longer
   * has or moved from; 'The link has expired' after its hours. A link for a change makes its address the
   * account's (the old address is told); opening a link again only says the address is confirmed.
   */
  async confirm(token: string): Promise<string> {
    const check = await verifyEmailLink(this.key, token, this.deps.now);
    if (!check.ok) {
      throw invalid(
        check.reason === 'expired'
          ? verificationMessages.emailLinkExpired
          : verificationMessages.emailLinkInvalid,
      );
    }
    const { claims } = check;
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    const changed = await this.deps.db.transaction(async (tx) => {
      const repository = new EmailVerificationRepository(tx);
      const account = await repository.lockAccount(claims.userId);
      if (!account) throw invalid(verificationMessages.emailLinkInvalid);
      if (same(account.email, claims.email) && account.emailVerifiedAt) return null;
      if (!same(account.email, claims.from) || account.tokenVersion !== claims.version) {
        throw invalid(verificationMessages.emailLinkInvalid);
      }
      await repository.confirm(account.id, claims.email);
      return same(claims.from, claims.email) ? null : { from: account.email, to: claims.email };
    });
    if (changed) await this.tellOldAddress(changed.from, changed.to);
    return verificationMessages.emailVerified;
  }

  /** Tells the old address its account moved: the owner notices a change they did not make. */
  private async tellOldAddress(oldEmail: string, newEmail: string): Promise<void> {
    await this.mail(
      oldEmail,
      'Your MyProsper email address was changed',
      [
        'Hello,',
        '',
        `The email address of your MyProsper account was changed from ${oldEmail} to ${newEmail}.`,
        'Messages and password reset links now go to the new address.',
        '',
        `If you did not make this change, write to ${this.deps.supportEmail} at once so we can secure your account.`,
      ].join('\n'),
      'e-mail change notice',
    );
  }

  private async mail(to: string, subject: string, text: string, about: string): Promise<void> {
    try {
      await this.deps.mailer.send({ to, subject, text });
    } catch (error) {
      this.deps.log.error({ err: error }, `could not send the ${about} e-mail`);
    }
  }
}

/** The e-mail links of this app (its mailer, PUBLIC_URL, signing secret and clock). */
export function createEmailLinks(app: FastifyInstance): EmailLinks {
  return new EmailLinks({
    db: app.db.db,
    mailer: app.mailer,
    publicUrl: app.env.PUBLIC_URL,
    signingSecret: app.signingSecret,
    supportEmail: app.env.SUPPORT_EMAIL,
    now: app.tokens.now,
    log: app.log,
  });
}

/** The mail with the link: plain text that reads well on a phone. */
export function confirmAddressMail(options: { name: string; link: string; reason: EmailLinkReason }): {
  subject: string;
  text: string;
} {
  const firstName = options.name.trim().split(/\s+/)[0] || 'there';
  const why: Record<EmailLinkReason, string> = {
    SIGNUP: 'Welcome to MyProsper. Please confirm that this is your e-mail address.',
    APPLICATION:
      'Thank you for applying to mentor on MyProsper. Please confirm that this is your e-mail address within 24 hours: your application keeps its photo and video only once you do.',
    CHANGE:
      'You asked to use this e-mail address for your MyProsper account. It is used once you confirm it.',
    AGAIN: 'Here is a new link to confirm the e-mail address of your MyProsper account.',
  };
  return {
    subject: 'Confirm your MyProsper e-mail address',
    text: [
      `Hello ${firstName},`,
      '',
      why[options.reason],
      '',
      'Open this link to confirm it:',
      options.link,
      '',
      `The link is valid for ${emailLinkHours} hours.`,
      'If you did not ask for this, ignore this e-mail: nothing changes.',
    ].join('\n'),
  };
}
