import { describe, expect, it } from 'vitest';
import { judgeRecipient, messageParts, messagingResponse, messagingResponseXml } from './messaging.ts';

describe("Africa's Talking sandbox answers", () => {
  it('counts message parts as GSM-7 or Unicode text', () => {
    expect(messageParts('a'.repeat(160))).toBe(1);
    expect(messageParts('a'.repeat(161))).toBe(2);
    expect(messageParts('a'.repeat(306))).toBe(2);
    expect(messageParts('ü'.repeat(70))).toBe(1);
    expect(messageParts('ü'.repeat(71))).toBe(2);
  });

  it('judges each number: E.164 sent, magic numbers fail as named, anything else invalid', () => {
    expect(judgeRecipient('+254712345678', 'Hi')).toMatchObject({
      statusCode: 101,
      status: 'Success',
      cost: 'KES 0.8000',
    });
    expect(judgeRecipient('+254700000406', 'Hi')).toMatchObject({
      statusCode: 406,
      status: 'UserInBlacklist',
      messageId: 'None',
    });
    expect(judgeRecipient('254712345678', 'Hi')).toMatchObject({
      statusCode: 403,
      status: 'InvalidPhoneNumber',
      cost: '0',
    });
    expect(judgeRecipient('+2547', 'Hi')).toMatchObject({ statusCode: 403 });
  });

  it('sums the cost of what was sent in the summary, in JSON and XML alike', () => {
    const body = messagingResponse([
      judgeRecipient('+254712345678', 'x'.repeat(200)),
      judgeRecipient('+254733000000', 'Hi'),
      judgeRecipient('+254700000405', 'Hi'),
    ]);
    expect(body.SMSMessageData.Message).toBe('Sent to 2/3 Total Cost: KES 2.4000');
    expect(messagingResponse([judgeRecipient('nope', 'Hi')]).SMSMessageData.Message).toBe(
      'Sent to 0/1 Total Cost: 0',
    );
    expect(messagingResponseXml(body)).toContain('<Message>Sent to 2/3 Total Cost: KES 2.4000</Message>');
  });
});
