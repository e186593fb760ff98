import { describe, expect, it } from 'vitest';
import { darajaPassword, darajaTimestamp } from '../../src/providers/mpesa.ts';
import {
  callbackBody,
  checkPush,
  isUnderAny,
  isValidTimestamp,
  newCheckoutRequestId,
  newReceiptNumber,
  outcomeFor,
  type PushRecord,
  queryReply,
} from './daraja-rules.ts';

const config = { shortCode: '174379', passkey: 'pass-key', callbackBases: ['https://app.test'] };
const now = new Date('2026-01-15T06:30:00.123Z');

function validPush(overrides: Record<string, unknown> = {}) {
  const timestamp = darajaTimestamp(now);
  return {
    BusinessShortCode: '174379',
    Password: darajaPassword('174379', 'pass-key', timestamp),
    Timestamp: timestamp,
    TransactionType: 'CustomerPayBillOnline',
    Amount: 2900,
    PartyA: '254708374149',
    PartyB: '174379',
    PhoneNumber: '254708374149',
    CallBackURL: 'https://app.test/myprosper/api/mpesa/callback/abc',
    AccountReference: 'MPS7K3Q9X',
    TransactionDesc: 'Session',
    ...overrides,
  };
}

describe('isUnderAny: callbacks only to our own addresses', () => {
  it('takes an address under a base, path and all, and nothing beside it', () => {
    const bases = ['http://localhost:3000', 'https://api.example.test/app/'];
    expect(isUnderAny('http://localhost:3000/myprosper/api/mpesa/callback/x', bases)).toBe(true);
    expect(isUnderAny('https://api.example.test/app/myprosper/api/mpesa/callback/x', bases)).toBe(true);
    expect(isUnderAny('https://api.example.test/application/x', bases)).toBe(false);
    expect(isUnderAny('https://api.example.test/x', bases)).toBe(false);
    expect(isUnderAny('http://localhost:3001/myprosper', bases)).toBe(false);
    expect(isUnderAny('http://user:pw@localhost:3000/myprosper', bases)).toBe(false);
    expect(isUnderAny('not a url', bases)).toBe(false);
  });
});

describe('the sandbox STK push checks', () => {
  it('takes a well-formed push', () => {
    const result = checkPush(validPush(), config, now);
    expect(result).toEqual({
      ok: true,
      push: {
        amount: 2900,
        phoneNumber: '254708374149',
        callbackUrl: 'https://app.test/myprosper/api/mpesa/callback/abc',
        accountReference: 'MPS7K3Q9X',
      },
    });
  });

  it.each([
    ['BusinessShortCode', { BusinessShortCode: '999999' }],
    ['Timestamp', { Timestamp: '2026-01-15' }],
    ['TransactionType', { TransactionType: 'Pay' }],
    ['Amount', { Amount: 10.5 }],
    ['Amount', { Amount: 0 }],
    ['PartyA', { PartyA: '0708374149' }],
    ['PartyB', { PartyB: '600000' }],
    ['PhoneNumber', { PhoneNumber: '+254708374149' }],
    ['CallBackURL', { CallBackURL: 'not a url' }],
    // Only under this app's own address: never an address a caller chose (request forgery).
    ['CallBackURL', { CallBackURL: 'http://169.254.169.254/latest/meta-data/' }],
    ['CallBackURL', { CallBackURL: 'https://app.test.evil.test/myprosper/api/mpesa/callback/abc' }],
    ['CallBackURL', { CallBackURL: 'https://app.test@evil.test/myprosper/api/mpesa/callback/abc' }],
    ['CallBackURL', { CallBackURL: 'http://app.test/myprosper/api/mpesa/callback/abc' }],
    ['CallBackURL', { CallBackURL: 'https://app.test:8443/myprosper/api/mpesa/callback/abc' }],
    ['AccountReference', { AccountReference: 'THIRTEEN-CHAR' }],
    ['TransactionDesc', { TransactionDesc: 'fourteen chars' }],
  ])('answers 400.002.02 for a bad %s', (field, overrides) => {
    const result = checkPush(validPush(overrides), config, now);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failure.status).toBe(400);
    expect(result.failure.body.errorCode).toBe('400.002.02');
    expect(result.failure.body.errorMessage).toBe(`Bad Request - Invalid ${field}`);
  });

  it('answers 500.001.1001 Wrong credentials for a password of another pass key', () => {
    const timestamp = darajaTimestamp(now);
    const result = checkPush(
      validPush({ Password: darajaPassword('174379', 'other', timestamp) }),
      config,
      now,
    );
    expect(result).toMatchObject({
      ok: false,
      failure: { status: 500, body: { errorCode: '500.001.1001', errorMessage: 'Wrong credentials' } },
    });
  });

  it('takes only real, current Kenyan timestamps', () => {
    expect(isValidTimestamp('20260115093000', now)).toBe(true);
    expect(isValidTimestamp('20260231093000', now)).toBe(false);
    expect(isValidTimestamp('20250115093000', now)).toBe(false);
    expect(isValidTimestamp(20260115093000, now)).toBe(false);
  });
});

describe('the sandbox outcomes and bodies', () => {
  it('chooses the outcome by test phone number', () => {
    expect(outcomeFor('254708374149')).toMatchObject({ resultCode: 0, callbacks: 1 });
    expect(outcomeFor('254700000001').resultCode).toBe(1);
    expect(outcomeFor('254700001032').resultCode).toBe(1032);
    expect(outcomeFor('254700001037').resultCode).toBe(1037);
    expect(outcomeFor('254700002001').resultCode).toBe(2001);
    expect(outcomeFor('254700000002')).toMatchObject({ resultCode: 0, callbacks: 2 });
    expect(outcomeFor('254700000003')).toMatchObject({ resultCode: 0, callbacks: 0 });
  });

  it('makes ids and receipts of Daraja shapes', () => {
    expect(newCheckoutRequestId(now, '254708374149')).toBe('ws_CO_15012026093000123708374149');
    expect(newReceiptNumber()).toMatch(/^[A-Z0-9]{10}$/);
  });

  it('writes the callback with numbers and the query with strings', () => {
    const push: PushRecord = {
      amount: 2900,
      phoneNumber: '254708374149',
      callbackUrl: 'https://app.test/cb',
      accountReference: 'X',
      merchantRequestId: '29115-34620561-1',
      checkoutRequestId: 'ws_CO_1',
      outcome: outcomeFor('254708374149'),
      receipt: 'TAF3XK9P2Q',
      transactionDate: '20260115093012',
      resolved: true,
      createdAt: 0,
    };
    const items = callbackBody(push).Body.stkCallback.CallbackMetadata as {
      Item: Array<{ Name: string; Value?: unknown }>;
    };
    expect(items.Item).toContainEqual({ Name: 'Amount', Value: 2900 });
    expect(items.Item).toContainEqual({ Name: 'TransactionDate', Value: 20260115093012 });
    expect(items.Item).toContainEqual({ Name: 'PhoneNumber', Value: 254708374149 });
    expect(queryReply(push)).toMatchObject({ ResultCode: '0', ResponseCode: '0' });
    const failed = { ...push, outcome: outcomeFor('254700001032'), receipt: null };
    expect(callbackBody(failed).Body.stkCallback).not.toHaveProperty('CallbackMetadata');
  });
});
