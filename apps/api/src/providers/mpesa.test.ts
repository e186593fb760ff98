import { describe, expect, it } from 'vitest';
import type { HttpFetch } from './in-process-fetch.ts';
import {
  DarajaClient,
  DarajaError,
  darajaPassword,
  darajaText,
  darajaTimestamp,
  mpesaCallbackUrl,
  parseStkCallback,
} from './mpesa.ts';

const sandboxPasskey = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fake Daraja: answers in turn from the list, and records every call. */
function fakeDaraja(answers: Array<{ status: number; body: unknown }>) {
  const calls: Call[] = [];
  const fetch: HttpFetch = async (url, init) => {
    calls.push({
      url,
      method: init.method,
      headers: init.headers,
      body: init.body ? JSON.parse(init.body) : null,
    });
    const answer = answers.shift();
    if (!answer) throw new Error('no answer left');
    return { status: answer.status, text: async () => JSON.stringify(answer.body) };
  };
  return { calls, fetch };
}

function client(fetch: HttpFetch, now: () => Date = () => new Date('2026-01-15T06:30:00Z')) {
  return new DarajaClient({
    baseUrl: 'https://daraja.test/',
    consumerKey: 'key',
    consumerSecret: 'secret',
    shortCode: '174379',
    passkey: sandboxPasskey,
    fetch,
    now,
  });
}

const token = (value: string, expiresIn = '3599') => ({
  status: 200,
  body: { access_token: value, expires_in: expiresIn },
});
const accepted = {
  status: 200,
  body: {
    MerchantRequestID: '29115-34620561-1',
    CheckoutRequestID: 'ws_CO_15012026093000123708374149',
    ResponseCode: '0',
    ResponseDescription: 'Success. Request accepted for processing',
    CustomerMessage: 'Success. Request accepted for processing',
  },
};
const push = {
  amount: 2900,
  phoneNumber: '254708374149',
  callbackUrl: 'https://app.test/cb',
  accountReference: 'MPS-7K3Q9X',
  description: 'Session MPS-7K3Q9X',
};

describe('Daraja password and timestamp', () => {
  it('matches the reference test vector', () => {
    expect(darajaPassword('174379', sandboxPasskey, '20160216165627')).toBe(
      'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTYwMjE2MTY1NjI3',
    );
  });

  it('writes the timestamp in Kenyan time (UTC+3)', () => {
    expect(darajaTimestamp(new Date('2026-01-15T06:30:00Z'))).toBe('20260115093000');
    expect(darajaTimestamp(new Date('2025-12-31T22:59:59Z'))).toBe('20260101015959');
  });

  it('fits texts into the short fields', () => {
    expect(darajaText('MPS-7K3Q9X', 12)).toBe('MPS7K3Q9X');
    expect(darajaText('Session MPS-7K3Q9X', 13)).toBe('Session MPS7K');
  });

  it('puts the token in the callback path', () => {
    expect(
      mpesaCallbackUrl({ PUBLIC_URL: 'https://a.test/', MPESA_CALLBACK_BASE_URL: undefined }, 'T0k'),
    ).toBe('https://a.test/myprosper/api/mpesa/callback/T0k');
  });
});

describe('DarajaClient', () => {
  it('sends the push with Basic then Bearer auth and every field in its format', async () => {
    const daraja = fakeDaraja([token('tok-1'), accepted]);
    const result = await client(daraja.fetch).stkPush(push);
    expect(result.checkoutRequestId).toBe('ws_CO_15012026093000123708374149');
    const [oauth, request] = daraja.calls;
    expect(oauth?.url).toBe('https://daraja.test/oauth/v1/generate?grant_type=client_credentials');
    expect(oauth?.headers.authorization).toBe(`Basic ${Buffer.from('key:secret').toString('base64')}`);
    expect(request?.url).toBe('https://daraja.test/mpesa/stkpush/v1/processrequest');
    expect(request?.headers.authorization).toBe('Bearer tok-1');
    expect(request?.body).toEqual({
      BusinessShortCode: '174379',
      Password: darajaPassword('174379', sandboxPasskey, '20260115093000'),
      Timestamp: '20260115093000',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 2900,
      PartyA: '254708374149',
      PartyB: '174379',
      PhoneNumber: '254708374149',
      CallBackURL: 'https://app.test/cb',
      AccountReference: 'MPS7K3Q9X',
      TransactionDesc: 'Session MPS7K',
    });
  });

  it('keeps the token until 60 seconds before it expires', async () => {
    let now = new Date('2026-01-15T06:30:00Z');
    const daraja = fakeDaraja([token('tok-1', '120'), accepted, accepted, token('tok-2'), accepted]);
    const daraja2 = client(daraja.fetch, () => now);
    await daraja2.stkPush(push);
    now = new Date(now.getTime() + 59_000);
    await daraja2.stkPush(push);
    now = new Date(now.getTime() + 2_000);
    await daraja2.stkPush(push);
    const auths = daraja.calls.map((c) => c.headers.authorization);
    expect(auths.filter((a) => a?.startsWith('Basic'))).toHaveLength(2);
    expect(auths.at(-1)).toBe('Bearer tok-2');
  });

  it('fetches a new token once when Daraja calls it invalid', async () => {
    const invalidToken = {
      status: 404,
      body: { requestId: '', errorCode: '404.001.03', errorMessage: 'Invalid Access Token' },
    };
    const daraja = fakeDaraja([token('old'), invalidToken, token('new'), accepted]);
    await client(daraja.fetch).stkPush(push);
    expect(daraja.calls.at(-1)?.headers.authorization).toBe('Bearer new');
  });

  it('reports a refused push with Daraja error code', async () => {
    const daraja = fakeDaraja([
      token('t'),
      {
        status: 400,
        body: { requestId: 'r', errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PhoneNumber' },
      },
    ]);
    const failure = await client(daraja.fetch)
      .stkPush(push)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DarajaError);
    expect((failure as DarajaError).errorCode).toBe('400.002.02');
    expect((failure as DarajaError).httpStatus).toBe(400);
  });

  it('reads the query: pending while processing, then string-typed results as numbers', async () => {
    const daraja = fakeDaraja([
      token('t'),
      {
        status: 500,
        body: {
          requestId: 'r',
          errorCode: '500.001.1001',
          errorMessage: 'The transaction is being processed',
        },
      },
      {
        status: 200,
        body: {
          ResponseCode: '0',
          ResponseDescription: 'The service request has been accepted successfully',
          MerchantRequestID: 'm',
          CheckoutRequestID: 'c',
          ResultCode: '1032',
          ResultDesc: 'Request cancelled by user',
        },
      },
    ]);
    const daraja2 = client(daraja.fetch);
    expect(await daraja2.stkPushQuery('c')).toEqual({ state: 'PENDING' });
    expect(await daraja2.stkPushQuery('c')).toEqual({
      state: 'COMPLETE',
      resultCode: 1032,
      resultDesc: 'Request cancelled by user',
    });
  });
});

describe('parseStkCallback', () => {
  it('finds items by name and normalises them', () => {
    const parsed = parseStkCallback({
      Body: {
        stkCallback: {
          MerchantRequestID: 'm',
          CheckoutRequestID: 'c',
          ResultCode: 0,
          ResultDesc: 'ok',
          CallbackMetadata: {
            Item: [
              { Name: 'PhoneNumber', Value: 254708374149 },
              { Name: 'Balance' },
              { Name: 'MpesaReceiptNumber', Value: 'TAF3XK9P2Q' },
              { Name: 'TransactionDate', Value: 20260115093012 },
              { Name: 'Amount', Value: 2500 },
            ],
          },
        },
      },
    });
    expect(parsed).toMatchObject({
      resultCode: 0,
      amount: 2500,
      receipt: 'TAF3XK9P2Q',
      phoneNumber: '254708374149',
      transactionDate: '20260115093012',
    });
  });

  it('has no amount or receipt for a failure', () => {
    const parsed = parseStkCallback({
      Body: {
        stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: 'c', ResultCode: 1032, ResultDesc: 'x' },
      },
    });
    expect(parsed.amount).toBeNull();
    expect(parsed.receipt).toBeNull();
  });
});
