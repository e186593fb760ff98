import { constants, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DarajaError } from './mpesa.ts';
import {
  isDefiniteRefusal,
  parseAccountBalance,
  parseDarajaResult,
  sandboxCertificatePath,
  securityCredential,
} from './mpesa-results.ts';

describe('securityCredential', () => {
  it('is 344 characters of base64 with a 2048-bit certificate, different each time (random padding)', () => {
    const cert = readFileSync(sandboxCertificatePath, 'utf8');
    const one = securityCredential(cert, 'Safaricom999!*!');
    const two = securityCredential(cert, 'Safaricom999!*!');
    expect(one).toMatch(/^[A-Za-z0-9+/]{342}==$/);
    expect(one).not.toBe(two);
  });

  it('uses PKCS#1 v1.5 padding, not OAEP', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(constants.RSA_PKCS1_PADDING).toBe(1);
    expect(Buffer.from(securityCredential(pem, 'pw'), 'base64')).toHaveLength(256);
  });
});

describe('parseDarajaResult reads every quirk (mpesa-b2c-c2b-whatsapp.md §1.1)', () => {
  const success = {
    Result: {
      ResultType: 0,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      OriginatorConversationID: 'MPX-PO-000417-a1',
      ConversationID: 'AG_20260115_2010abcdef0123456789',
      TransactionID: 'TAF4QWE12R',
      ResultParameters: {
        ResultParameter: [
          { Key: 'TransactionAmount', Value: 4500 },
          { Key: 'TransactionReceipt', Value: 'TAF4QWE12R' },
          { Key: 'TransactionCompletedDateTime', Value: '15.01.2026 09:31:07' },
          { Key: 'B2CChargesPaidAccountAvailableFunds', Value: -1540.5 },
        ],
      },
      ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'https://x' } },
    },
  };

  it('a B2C success: codes as strings, receipt and amount', () => {
    expect(parseDarajaResult(success)).toMatchObject({
      resultType: 0,
      resultCode: '0',
      succeeded: true,
      originatorConversationId: 'MPX-PO-000417-a1',
      receipt: 'TAF4QWE12R',
      amount: 4500,
      parameters: {
        TransactionCompletedDateTime: '15.01.2026 09:31:07',
        B2CChargesPaidAccountAvailableFunds: -1540.5,
      },
    });
  });

  it('codes and values as strings, a single-object ResultParameter, a Value missing', () => {
    const quirky = {
      Result: {
        ...success.Result,
        ResultType: '0',
        ResultCode: '0',
        ResultParameters: { ResultParameter: { Key: 'TransactionReceipt', Value: 'TAF4QWE12R' } },
      },
    };
    expect(parseDarajaResult(quirky)).toMatchObject({ resultCode: '0', receipt: 'TAF4QWE12R', amount: null });
    const missing = {
      Result: {
        ...success.Result,
        ResultParameters: {
          ResultParameter: [{ Key: 'TransactionReason' }, { Key: 'Amount', Value: '300' }],
        },
      },
    };
    expect(parseDarajaResult(missing)).toMatchObject({
      parameters: { TransactionReason: null, Amount: '300' },
      amount: 300,
    });
  });

  it('a failure has no receipt, though its TransactionID looks like one', () => {
    const failed = {
      Result: {
        ResultType: 0,
        ResultCode: 2001,
        ResultDesc: 'The initiator information is invalid.',
        OriginatorConversationID: 'MPX1',
        ConversationID: 'AG_1',
        TransactionID: 'SG722NMVXQ',
      },
    };
    expect(parseDarajaResult(failed)).toMatchObject({
      resultCode: '2001',
      succeeded: false,
      receipt: null,
      transactionId: 'SG722NMVXQ',
    });
    expect(parseDarajaResult({ Result: { ...failed.Result, ResultCode: 'R000002' } })?.resultCode).toBe(
      'R000002',
    );
  });

  it('a status result: the receipt is ReceiptNo, not the placeholder TransactionID; a key listed twice keeps the first', () => {
    const status = {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'ok',
        OriginatorConversationID: '1-2-3',
        ConversationID: 'AG_2',
        TransactionID: 'MBN0000000',
        ResultParameters: {
          ResultParameter: [
            { Key: 'DebitPartyName', Value: '600992 - Org' },
            { Key: 'DebitPartyName', Value: '254708374149 - Jane' },
            { Key: 'ReceiptNo', Value: 'TAF3XK9P2Q' },
            { Key: 'TransactionStatus', Value: 'Completed' },
            { Key: 'Amount', Value: 4500 },
          ],
        },
      },
    };
    expect(parseDarajaResult(status)).toMatchObject({
      receipt: 'TAF3XK9P2Q',
      amount: 4500,
      parameters: { DebitPartyName: '600992 - Org' },
    });
  });

  it('is not fooled by what is not a result', () => {
    expect(parseDarajaResult(null)).toBeNull();
    expect(parseDarajaResult({})).toBeNull();
    expect(parseDarajaResult({ Result: { ResultDesc: 'no code' } })).toBeNull();
    expect(
      parseDarajaResult({ Result: { ResultCode: 0, ResultParameters: { ResultParameter: 'x' } } })
        ?.parameters,
    ).toEqual({});
    expect(
      parseDarajaResult({
        Result: {
          ResultCode: 0,
          ResultParameters: { ResultParameter: [{ Key: 'TransactionReceipt', Value: 'short' }] },
        },
      })?.receipt,
    ).toBeNull();
  });
});

describe('parseAccountBalance', () => {
  it('splits accounts on & and fields on |; the third is the available balance', () => {
    expect(
      parseAccountBalance(
        'Working Account|KES|700000.00|700000.00|0.00|0.00&Utility Account|KES|228037.00|228037.00|0.00|0.00&Charges Paid Account|KES|-1540.00|-1540.00|0.00|0.00&',
      ),
    ).toEqual([
      { account: 'Working Account', currency: 'KES', available: 700000 },
      { account: 'Utility Account', currency: 'KES', available: 228037 },
      { account: 'Charges Paid Account', currency: 'KES', available: -1540 },
    ]);
  });
});

describe('isDefiniteRefusal: what certainly queued nothing', () => {
  it('a 400 or a rate limit did; no answer, a 500 or a duplicate originator id may have', () => {
    expect(isDefiniteRefusal(new DarajaError('x', 400, '400.002.02'))).toBe(true);
    expect(isDefiniteRefusal(new DarajaError('x', 500, '500.003.02'))).toBe(true);
    expect(isDefiniteRefusal(new DarajaError('x', null, null))).toBe(false);
    expect(isDefiniteRefusal(new DarajaError('x', 500, '500.002.1001'))).toBe(false);
    expect(isDefiniteRefusal(new DarajaError('x', 500, '500.001.1001'))).toBe(false);
    expect(isDefiniteRefusal(new Error('x'))).toBe(false);
  });
});
