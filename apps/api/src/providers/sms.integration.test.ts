import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { uniquePhone } from '../db/seed/factories.ts';
import { AfricasTalkingClient, localSandboxApiKey, localSandboxPath, SmsError } from './sms.ts';

interface OutboxRow {
  channel: string;
  recipient: string;
  body: string;
}

describe("SMS: the Africa's Talking client against the local sandbox", () => {
  let ctx: TestContext;
  let baseUrl: string;

  const outboxTo = async (recipient: string): Promise<OutboxRow[]> => {
    const res = await ctx.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${recipient}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as OutboxRow[];
  };

  beforeAll(async () => {
    ctx = await createTestApp({ JOBS_ENABLED: 'false' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    if (!address || typeof address === 'string') throw new Error('the test app is not listening');
    baseUrl = `http://127.0.0.1:${address.port}${localSandboxPath}`;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('sends over HTTP and reads one outcome per recipient, failures included', async () => {
    const client = new AfricasTalkingClient({ baseUrl, username: 'sandbox', apiKey: localSandboxApiKey });
    const phone = uniquePhone();

    const result = await client.send([phone, '+254700000405', '0712'], 'Your session starts at 14:00.');

    expect(result.summary).toBe('Sent to 1/3 Total Cost: KES 0.8000');
    const [sent, broke, invalid] = result.recipients;
    expect(sent).toMatchObject({
      number: `+${phone}`,
      status: 'Success',
      statusCode: 101,
      cost: 'KES 0.8000',
      isSent: true,
    });
    expect(sent?.messageId).toMatch(/^ATXid_[0-9a-f]{32}$/);
    expect(broke).toMatchObject({
      statusCode: 405,
      status: 'InsufficientBalance',
      messageId: null,
      isSent: false,
      isRetryable: true,
    });
    expect(invalid).toMatchObject({
      number: '+0712',
      statusCode: 403,
      status: 'InvalidPhoneNumber',
      isSent: false,
      isRetryable: false,
    });
    // Only the SMS that went out is in the outbox, under the phone as the app writes it.
    expect(await outboxTo(phone)).toEqual([
      expect.objectContaining({ channel: 'SMS', recipient: phone, body: 'Your session starts at 14:00.' }),
    ]);
  });

  it('bills a long text in parts', async () => {
    const client = new AfricasTalkingClient({ baseUrl, username: 'sandbox', apiKey: localSandboxApiKey });
    const result = await client.send(uniquePhone(), 'x'.repeat(200));
    expect(result.recipients[0]).toMatchObject({ cost: 'KES 1.6000', isSent: true });
  });

  it('refuses a wrong API key or username with 401 and sends nothing', async () => {
    const phone = uniquePhone();
    for (const credentials of [
      { username: 'sandbox', apiKey: 'not-the-key-at-all' },
      { username: 'someone-else', apiKey: localSandboxApiKey },
    ]) {
      const client = new AfricasTalkingClient({ baseUrl, ...credentials });
      const failure = await client.send(phone, 'Hello').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SmsError);
      expect((failure as SmsError).httpStatus).toBe(401);
      expect((failure as SmsError).message).toContain('The supplied authentication is invalid');
    }
    expect(await outboxTo(phone)).toEqual([]);
  });

  it('speaks the wire format: form fields and apiKey header in, 201 JSON or XML out', async () => {
    const phone = uniquePhone();
    const form = new URLSearchParams({
      username: 'sandbox',
      to: `+${phone}`,
      message: 'Hi',
      from: 'MYPROSPER',
    });
    const json = await fetch(`${baseUrl}/version1/messaging`, {
      method: 'POST',
      headers: {
        apikey: localSandboxApiKey,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form,
    });
    expect(json.status).toBe(201);
    expect(await json.json()).toMatchObject({
      SMSMessageData: {
        Message: 'Sent to 1/1 Total Cost: KES 0.8000',
        Recipients: [{ statusCode: 101, number: `+${phone}`, status: 'Success', messageParts: 1 }],
      },
    });

    // Without Accept: application/json, Africa's Talking answers XML.
    const xml = await fetch(`${baseUrl}/version1/messaging`, {
      method: 'POST',
      headers: { apiKey: localSandboxApiKey, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    expect(xml.status).toBe(201);
    expect(xml.headers.get('content-type')).toContain('application/xml');
    expect(await xml.text()).toContain(
      `<number>+${phone}</number><cost>KES 0.8000</cost><status>Success</status>`,
    );
  });

  it('app.sms sends through the in-process sandbox when no API key is set', async () => {
    const phone = uniquePhone();
    const outcome = await ctx.app.sms.send({ to: phone, text: 'Reminder: your session is tomorrow.' });
    expect(outcome).toMatchObject({ number: `+${phone}`, isSent: true });
    expect(await outboxTo(phone)).toEqual([
      expect.objectContaining({ channel: 'SMS', body: 'Reminder: your session is tomorrow.' }),
    ]);
  });
});
