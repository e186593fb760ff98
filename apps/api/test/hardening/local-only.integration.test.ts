import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSandboxApiKey } from '../../src/providers/sms.ts';
import { createTestApp, type TestContext } from '../test-app.ts';

/**
 * Issue 19: with the stand-ins on, /dev/outbox (every e-mail and SMS sent: reset links, codes) and /sandbox/*
 * (a Daraja that posts callbacks, a card page that signs receipts, an SMS gateway with a published key)
 * answer this machine only. The client is the socket's own address: an X-Forwarded-For through a trusted
 * proxy does not make a stranger local. app.inject's socket is 127.0.0.1 unless remoteAddress says otherwise.
 */
describe('the sandboxes and the outbox answer loopback clients only', () => {
  let ctx: TestContext;
  const stranger = '203.0.113.9';
  const bucket = 'myprosper-local-only';

  beforeAll(async () => {
    // One trusted proxy: request.ip would come from X-Forwarded-For, the refusal must not.
    ctx = await createTestApp({ TRUST_PROXY_HOPS: '1', S3_BUCKET: bucket });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const smsForm = (to: string) =>
    new URLSearchParams({ username: ctx.env.AT_USERNAME, to, message: 'Your code is 123456' }).toString();

  /** Every local-only route, as a request that works from this machine. */
  const requests = () =>
    [
      { method: 'GET', url: '/dev/outbox' },
      { method: 'GET', url: '/dev/outbox.json' },
      { method: 'HEAD', url: '/dev/outbox.json' },
      { method: 'GET', url: '/sandbox/daraja/oauth/v1/generate?grant_type=client_credentials' },
      { method: 'POST', url: '/sandbox/daraja/mpesa/stkpush/v1/processrequest', payload: {} },
      { method: 'POST', url: '/sandbox/daraja/mpesa/stkpushquery/v1/query', payload: {} },
      {
        method: 'POST',
        url: '/sandbox/africastalking/version1/messaging',
        headers: { apikey: localSandboxApiKey, 'content-type': 'application/x-www-form-urlencoded' },
        payload: smsForm('+254711000001'),
      },
      {
        method: 'POST',
        url: '/sandbox/cybersource/pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'signature=x',
      },
      {
        method: 'POST',
        url: '/sandbox/cybersource/pay/complete',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'checkout=x',
      },
      { method: 'GET', url: '/sandbox/cybersource/autosubmit.js' },
      { method: 'GET', url: `/sandbox/s3/${bucket}/images/a.jpg` },
    ] as const;

  async function outboxRows(): Promise<unknown[]> {
    const res = await ctx.app.inject({ method: 'GET', url: '/dev/outbox.json' });
    expect(res.statusCode).toBe(200);
    return res.json().data as unknown[];
  }

  it('answers another machine 404 in the API envelope, whatever it claims to be', async () => {
    const before = await outboxRows();
    const disguises = [
      { remoteAddress: stranger },
      { remoteAddress: `::ffff:${stranger}` },
      { remoteAddress: '2001:db8::9' },
      // Through our one trusted proxy, claiming to be this machine: request.ip is 127.0.0.1, the socket is not.
      { remoteAddress: stranger, headers: { 'x-forwarded-for': '127.0.0.1' } },
      { remoteAddress: stranger, headers: { 'x-forwarded-for': '::1, 127.0.0.1', 'x-real-ip': '127.0.0.1' } },
    ];
    for (const disguise of disguises) {
      for (const request of requests()) {
        const res = await ctx.app.inject({
          ...request,
          remoteAddress: disguise.remoteAddress,
          headers: { ...('headers' in request ? request.headers : {}), ...(disguise.headers ?? {}) },
        });
        const label = `${request.method} ${request.url} from ${JSON.stringify(disguise)}`;
        expect(res.statusCode, label).toBe(404);
        if (request.method === 'HEAD') continue;
        expect(res.headers['content-type'], label).toContain('application/json');
        expect(res.json(), label).toEqual({
          statusCode: 404,
          message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
          code: 'NOT_FOUND',
        });
      }
    }
    // Other spellings of the path reach the same routes, and the same refusal.
    for (const url of [
      '/%64ev/outbox.json',
      '/dev/outbox.json?to=%2B254711000001',
      '/sandbox/cybersource/autosubmit.js?x',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, remoteAddress: stranger });
      expect(res.statusCode, url).toBe(404);
    }
    // Nothing the refused requests carried was done: no SMS landed in the outbox.
    expect(await outboxRows()).toEqual(before);
  });

  it('serves this machine: 127.0.0.1 (inject’s default), ::1 and ::ffff:127.0.0.1', async () => {
    for (const remoteAddress of [undefined, '127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const page = await ctx.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h1>Outbox</h1>');
      const script = await ctx.app.inject({
        method: 'GET',
        url: '/sandbox/cybersource/autosubmit.js',
        remoteAddress,
      });
      expect(script.statusCode).toBe(200);
    }
    const sms = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/africastalking/version1/messaging',
      headers: { apikey: localSandboxApiKey, 'content-type': 'application/x-www-form-urlencoded' },
      payload: smsForm('+254711000002'),
    });
    expect(sms.statusCode, sms.body).toBe(201);
    const rows = (await outboxRows()) as Array<{ recipient: string }>;
    expect(rows.some((row) => row.recipient === '254711000002')).toBe(true);
  });

  it('leaves the API itself open to every address', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/myprosper/api/getLiveTopics',
      remoteAddress: stranger,
    });
    expect(res.statusCode).toBe(200);
  });
});
