import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../../providers/mail.ts';

/**
 * The auth feature's e-mails about an account's security (a reset link, two-step sign-in turned on or off):
 * sent through the mailer (SMTP, or the outbox at /dev/outbox), in the background so an answer never waits for
 * mail, and waited for on shutdown.
 */
export class SecurityMail {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly deps: { mailer: Mailer; log: FastifyBaseLogger }) {}

  /** Sends the message in the background; a failure is logged with what the mail was about. */
  send(message: MailMessage, about: string): void {
    const sending = this.deps.mailer.send(message).catch((error: unknown) => {
      this.deps.log.error({ err: error, to: message.to }, `could not send the ${about} e-mail`);
    });
    this.pending.add(sending);
    void sending.finally(() => this.pending.delete(sending));
  }

  /** Waits for mails still being sent. */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }
}

/** The e-mail telling an account that two-step sign-in was turned on or off: plain text that reads well on a phone. */
export function twoStepChangedMail(options: {
  name: string;
  isOn: boolean;
  publicUrl: string;
  supportEmail: string;
}): {
  subject: string;
  text: string;
} {
  const firstName = options.name.trim().split(/\s+/)[0] || 'there';
  const base = options.publicUrl.replace(/\/+$/, '');
  const what = options.isOn
    ? [
        'Two-step sign-in was just turned on for your MyProsper account.',
        'From now on, signing in asks for a code from an authenticator app after your password.',
      ]
    : [
        'Two-step sign-in was just turned off for your MyProsper account.',
        'Signing in now asks for your password only. You can turn it on again on your security page:',
        `${base}/profile/security`,
      ];
  return {
    subject: options.isOn
      ? 'Two-step sign-in is on for your MyProsper account'
      : 'Two-step sign-in is off for your MyProsper account',
    text: [
      `Hello ${firstName},`,
      '',
      ...what,
      '',
      'If this was not you, someone else may know your password: choose a new one now at',
      `${base}/auth/password/forgot`,
      `and tell our support team at ${options.supportEmail}.`,
    ].join('\n'),
  };
}
