import { createHmac } from 'node:crypto';
import { encodeBase64Url } from '@myprosper/contract/validation';

export interface ResetLinkSubject {
  email: string;
  userId: number;
  /** Milliseconds since the epoch (UTC). */
  timestamp: number;
  /** The user's password hash when the link is made: changing the password kills the link. */
  passwordHash: string;
}

/** base64url HMAC-SHA256 over `email|userId|timestamp|passwordHash`, keyed with the app's signing secret. */
export function signResetLink(subject: ResetLinkSubject, secret: string): string {
  return createHmac('sha256', secret)
    .update(`${subject.email.toLowerCase()}|${subject.userId}|${subject.timestamp}|${subject.passwordHash}`)
    .digest('base64url');
}

/** ${PUBLIC_URL}/resetPassword/{b64 email}/{b64 userId}/{b64 timestamp}?signature=… */
export function buildResetLink(publicUrl: string, subject: ResetLinkSubject, secret: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const parts = [subject.email, String(subject.userId), String(subject.timestamp)].map(encodeBase64Url);
  return `${base}/resetPassword/${parts.join('/')}?signature=${signResetLink(subject, secret)}`;
}

/** The password reset e-mail: plain text that reads well on a phone. */
export function resetPasswordMail(options: { name: string; link: string; ttlMinutes: number }): {
  subject: string;
  text: string;
} {
  const firstName = options.name.trim().split(/\s+/)[0] || 'there';
  return {
    subject: 'Reset your MyProsper password',
    text: [
      `Hello ${firstName},`,
      '',
      'We received a request to reset the password of your MyProsper account.',
      '',
      'Open this link to choose a new password:',
      options.link,
      '',
      `The link is valid for ${options.ttlMinutes} minutes and works once.`,
      'If you did not ask for this, ignore this e-mail: your password stays the same.',
    ].join('\n'),
  };
}

/**
 * A fresh reset link for an account, e.g. for a rejected mentor applicant who applied again without their
 * password: they set a new one through it, then apply with that (an application never sets a password).
 */
export function applicationResetLink(
  publicUrl: string,
  secret: string,
  account: { email: string; id: number; passwordHash: string },
  now = Date.now(),
): string {
  return buildResetLink(
    publicUrl,
    { email: account.email, userId: account.id, timestamp: now, passwordHash: account.passwordHash },
    secret,
  );
}
