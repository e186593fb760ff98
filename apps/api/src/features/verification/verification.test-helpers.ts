import { storedPhone } from '@myprosper/contract/profiles';
import { verificationMessages } from '@myprosper/contract/verification';
import type { FastifyInstance } from 'fastify';
import { signPhoneProof } from './phone-proof.ts';

interface OutboxSms {
  id: number;
  channel: string;
  recipient: string;
  body: string;
}

/** The SMS sent to this number (2547XXXXXXXX), newest first. */
export async function smsTo(app: FastifyInstance, phoneNumber: string): Promise<OutboxSms[]> {
  const res = await app.inject({ method: 'GET', url: '/dev/outbox.json', query: { to: phoneNumber } });
  return (res.json().data as OutboxSms[]).filter((m) => m.channel === 'SMS');
}

const codePattern = new RegExp(`^${verificationMessages.smsText('(\\d{6})').replace(/\./g, '\\.')}$`);

/**
 * The code of the newest code SMS to this number, once `count` of them have arrived (codes go out just after
 * the answer, so it waits a little for them). Other texts to the number (M-PESA's own, say) are not codes.
 */
export async function phoneCodeOf(app: FastifyInstance, phoneNumber: string, count = 1): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const messages = (await smsTo(app, phoneNumber)).filter((m) => !m.body.includes(' Confirmed. Ksh'));
    if (messages.length >= count && messages[0]) {
      const match = codePattern.exec(messages[0].body);
      if (!match?.[1]) throw new Error(`not a code SMS: ${messages[0].body}`);
      return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no code SMS to ${phoneNumber}`);
}

/** Asks for a code to the account's own number and types it: the account's phone is then verified. */
export async function verifyOwnPhone(
  app: FastifyInstance,
  authorization: string,
  phoneNumber: string,
  remoteAddress = '10.9.9.9',
): Promise<void> {
  const before = (await smsTo(app, phoneNumber)).length;
  const sent = await app.inject({
    method: 'POST',
    url: '/myprosper/auth/phone/sendCode',
    headers: { authorization },
    remoteAddress,
    payload: {},
  });
  if (sent.statusCode !== 200) throw new Error(`no code: ${sent.body}`);
  const code = await phoneCodeOf(app, phoneNumber, before + 1);
  const verified = await app.inject({
    method: 'POST',
    url: '/myprosper/auth/phone/verify',
    headers: { authorization },
    remoteAddress,
    payload: { code },
  });
  if (verified.statusCode !== 200) throw new Error(`not verified: ${verified.body}`);
}

/**
 * Application fields with the proof the wizard's phone step gets for their phone (as if its code had been
 * typed), unless they carry a phoneProof already.
 */
export async function withPhoneProof<T extends Record<string, string | string[]>>(
  app: FastifyInstance,
  fields: T,
): Promise<T> {
  if ('phoneProof' in fields || typeof fields.phoneNumber !== 'string') return fields;
  const phoneNumber = storedPhone(fields.phoneNumber);
  if (!phoneNumber) return fields;
  return { ...fields, phoneProof: await signPhoneProof(app.signingSecret, phoneNumber, app.tokens.now()) };
}
