import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { darajaPassword, darajaTimestamp } from '../../providers/mpesa.ts';
import { createPaymentsTestApp, eventually } from './payments.test-helpers.ts';

const base = '/sandbox/daraja';

describe('the Daraja sandbox speaks the wire format', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp({ MPESA_SANDBOX_DELAY_MS: '150' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  function basic(key: string, secret: string) {
    return { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}` };
  }

  async function token(): Promise<string> {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${base}/oauth/v1/generate?grant_type=client_credentials`,
      headers: basic(ctx.env.MPESA_CONSUMER_KEY, ctx.env.MPESA_CONSUMER_SECRET),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.expires_in).toBe('3599');
    return body.access_token as string;
  }

  function push(overrides: Record<string, unknown> = {}) {
    const timestamp = darajaTimestamp(new Date());
    return {
      BusinessShortCode: ctx.env.MPESA_SHORTCODE,
      Password: darajaPassword(ctx.env.MPESA_SHORTCODE, ctx.env.MPESA_PASSKEY, timestamp),
      Timestamp: timestamp,
      TransactionType: 'CustomerPayBillOnline',
      Amount: 10,
      PartyA: '254700001032',
      PartyB: ctx.env.MPESA_SHORTCODE,
      PhoneNumber: '254700001032',
      CallBackURL: `${ctx.env.PUBLIC_URL}/myprosper/api/mpesa/callback/${'x'.repeat(24)}`,
      AccountReference: 'TEST',
      TransactionDesc: 'Test',
      ...overrides,
    };
  }

  it('issues tokens for the configured keys only', async () => {
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `${base}/oauth/v1/generate?grant_type=client_credentials`,
      headers: basic('wrong', 'keys'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errorCode: '400.008.01' });
    expect(await token()).toMatch(/^\S{20,}$/);
  });

  it('answers a bad token with 404.001.03 and bad fields with 400.002.02', async () => {
    const noToken = await ctx.app.inject({
      method: 'POST',
      url: `${base}/mpesa/stkpush/v1/processrequest`,
      headers: { authorization: 'Bearer nope' },
      payload: push(),
    });
    expect(noToken.statusCode).toBe(404);
    expect(noToken.json()).toMatchObject({ errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });

    const bearer = { authorization: `Bearer ${await token()}` };
    const badPhone = await ctx.app.inject({
      method: 'POST',
      url: `${base}/mpesa/stkpush/v1/processrequest`,
      headers: bearer,
      payload: push({ PhoneNumber: '0700001032' }),
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toMatchObject({
      requestId: expect.any(String),
      errorCode: '400.002.02',
      errorMessage: 'Bad Request - Invalid PhoneNumber',
    });
    const wrongPassword = await ctx.app.inject({
      method: 'POST',
      url: `${base}/mpesa/stkpush/v1/processrequest`,
      headers: bearer,
      payload: push({ Password: 'bm90IGl0' }),
    });
    expect(wrongPassword.statusCode).toBe(500);
    expect(wrongPassword.json().errorMessage).toBe('Wrong credentials');
  });

  it('queues a push, says it is being processed, then answers the outcome with string values', async () => {
    const bearer = { authorization: `Bearer ${await token()}` };
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `${base}/mpesa/stkpush/v1/processrequest`,
      headers: bearer,
      payload: push(),
    });
    expect(accepted.statusCode).toBe(200);
    const reply = accepted.json();
    expect(reply).toMatchObject({
      ResponseCode: '0',
      CustomerMessage: 'Success. Request accepted for processing',
    });
    expect(reply.MerchantRequestID).toMatch(/^\d+-\d+-\d+$/);
    expect(reply.CheckoutRequestID).toMatch(/^ws_CO_\d{17}700001032$/);

    const query = async () => {
      const timestamp = darajaTimestamp(new Date());
      return ctx.app.inject({
        method: 'POST',
        url: `${base}/mpesa/stkpushquery/v1/query`,
        headers: bearer,
        payload: {
          BusinessShortCode: ctx.env.MPESA_SHORTCODE,
          Password: darajaPassword(ctx.env.MPESA_SHORTCODE, ctx.env.MPESA_PASSKEY, timestamp),
          Timestamp: timestamp,
          CheckoutRequestID: reply.CheckoutRequestID,
        },
      });
    };
    const pending = await query();
    expect(pending.statusCode).toBe(500);
    expect(pending.json()).toMatchObject({
      errorCode: '500.001.1001',
      errorMessage: 'The transaction is being processed',
    });
    await eventually(async () => {
      const final = await query();
      expect(final.statusCode).toBe(200);
      expect(final.json()).toMatchObject({ ResultCode: '1032', ResultDesc: 'Request cancelled by user' });
    });
  });

  it('refuses a CallBackURL outside PUBLIC_URL and never posts to it (no request forgery)', async () => {
    const bearer = { authorization: `Bearer ${await token()}` };
    const sent = vi.spyOn(globalThis, 'fetch');
    try {
      const targets = [
        'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
        'http://127.0.0.1:5432/',
        'http://localhost.evil.test:3000/myprosper/api/mpesa/callback/x',
        'http://localhost:3000@169.254.169.254/latest/meta-data/',
        'https://localhost:3000/myprosper/api/mpesa/callback/x',
      ];
      for (const CallBackURL of targets) {
        // A number whose callback is sent once, 150 ms later, were the push accepted.
        const res = await ctx.app.inject({
          method: 'POST',
          url: `${base}/mpesa/stkpush/v1/processrequest`,
          headers: bearer,
          payload: push({ CallBackURL, PartyA: '254708374149', PhoneNumber: '254708374149' }),
        });
        expect(res.statusCode, CallBackURL).toBe(400);
        expect(res.json()).toEqual({
          requestId: expect.any(String),
          errorCode: '400.002.02',
          errorMessage: 'Bad Request - Invalid CallBackURL',
        });
      }
      // Well past the sandbox's delay: nothing was ever posted anywhere.
      await new Promise((resolve) => setTimeout(resolve, 10 * Number(ctx.env.MPESA_SANDBOX_DELAY_MS)));
      expect(sent).not.toHaveBeenCalled();
    } finally {
      sent.mockRestore();
    }
  });
});
