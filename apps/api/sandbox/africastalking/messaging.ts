import { randomBytes } from 'node:crypto';
import { isValidPhone } from '@myprosper/contract/validation';

/**
 * What Africa's Talking answers to POST /version1/messaging, decided without any I/O: per-recipient statuses
 * (payment-providers.md 3.2), message parts and costs, and the body as JSON or (without Accept JSON) XML.
 */

export const invalidCredentialsText = 'The supplied authentication is invalid';

/** Numbers that force a failure, to try a client's handling of them. */
export const magicNumbers: Readonly<Record<string, { statusCode: number; status: string }>> = {
  '+254700000405': { statusCode: 405, status: 'InsufficientBalance' },
  '+254700000406': { statusCode: 406, status: 'UserInBlacklist' },
  '+254700000500': { statusCode: 500, status: 'InternalServerError' },
};

const costPerPartKes = 0.8;

export interface SandboxRecipient {
  statusCode: number;
  number: string;
  status: string;
  cost: string;
  messageId: string;
  messageParts?: number;
}

/** GSM-7 text: 160 characters in one part, 153 per part when split; other text (Unicode) 70 and 67. */
export function messageParts(message: string): number {
  const isUnicode = /[^\x20-\x7E\n\r]/.test(message);
  const single = isUnicode ? 70 : 160;
  const multi = isUnicode ? 67 : 153;
  const length = [...message].length;
  return length <= single ? 1 : Math.ceil(length / multi);
}

function newMessageId(): string {
  return `ATXid_${randomBytes(16).toString('hex')}`;
}

function kes(amount: number): string {
  return `KES ${amount.toFixed(4)}`;
}

/** The outcome for one number: an E.164 number is sent, a magic one fails as it says, others are invalid. */
export function judgeRecipient(number: string, message: string): SandboxRecipient {
  const magic = magicNumbers[number];
  if (magic) return { ...magic, number, cost: '0', messageId: 'None' };
  if (!/^\+\d{7,15}$/.test(number) || !isValidPhone(number)) {
    return { statusCode: 403, number, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' };
  }
  const parts = messageParts(message);
  return {
    statusCode: 101,
    number,
    status: 'Success',
    cost: kes(parts * costPerPartKes),
    messageId: newMessageId(),
    messageParts: parts,
  };
}

export function isSent(recipient: SandboxRecipient): boolean {
  return recipient.statusCode >= 100 && recipient.statusCode <= 102;
}

/** The 201 body: 'Sent to 1/2 Total Cost: KES 0.8000' and the recipients. */
export function messagingResponse(recipients: readonly SandboxRecipient[]) {
  const sent = recipients.filter(isSent);
  const total = sent.reduce((sum, r) => sum + (r.messageParts ?? 1) * costPerPartKes, 0);
  return {
    SMSMessageData: {
      Message: `Sent to ${sent.length}/${recipients.length} Total Cost: ${sent.length ? kes(total) : '0'}`,
      Recipients: recipients,
    },
  };
}

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** The same answer as AT's XML (its default when the request does not ask for JSON). */
export function messagingResponseXml(body: ReturnType<typeof messagingResponse>): string {
  const recipients = body.SMSMessageData.Recipients.map(
    (r) =>
      `<Recipient><number>${escapeXml(r.number)}</number><cost>${escapeXml(r.cost)}</cost><status>${escapeXml(r.status)}</status><statusCode>${r.statusCode}</statusCode><messageId>${escapeXml(r.messageId)}</messageId>${r.messageParts ? `<messageParts>${r.messageParts}</messageParts>` : ''}</Recipient>`,
  ).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<AfricasTalkingResponse><SMSMessageData><Message>${escapeXml(body.SMSMessageData.Message)}</Message><Recipients>${recipients}</Recipients></SMSMessageData></AfricasTalkingResponse>`;
}
