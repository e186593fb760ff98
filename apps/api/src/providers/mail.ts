import nodemailer from 'nodemailer';
import type { Env } from '../config/env.ts';
import { messageOutcomes } from '../lib/metrics.ts';
import type { SentMessages } from './sent-messages.ts';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text: readable on any phone. */
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends through SMTP_URL when set; otherwise keeps the message in the outbox (shown at /dev/outbox).
 * Either way a copy is recorded in `sent` (outbox_messages), with the transport that carried it.
 */
export function createMailer(env: Env, sent: SentMessages): Mailer {
  const transport = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : null;
  return {
    async send(message) {
      const text = `${message.text}\n\n— MyProsper\nPersonalised, affordable advice on demand.\n${env.PUBLIC_URL}\n`;
      let providerRef: string | null = null;
      if (transport) {
        try {
          const info = await transport.sendMail({
            from: env.MAIL_FROM,
            to: message.to,
            subject: message.subject,
            text,
          });
          providerRef = info.messageId ?? null;
        } catch (error) {
          messageOutcomes.inc({ channel: 'email', outcome: 'failed' });
          throw error;
        }
      }
      messageOutcomes.inc({ channel: 'email', outcome: 'sent' });
      await sent.record({
        channel: 'EMAIL',
        recipient: message.to,
        subject: message.subject,
        body: text,
        transport: transport ? 'smtp' : 'outbox',
        providerRef,
      });
    },
  };
}
