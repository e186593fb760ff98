import { createHmac } from 'node:crypto';
import { cardSignedFieldNames, cardSigningString } from '@myprosper/contract/card';
import { describe, expect, it } from 'vitest';
import {
  createCardGateway,
  hasExpectedReceiptFields,
  hasValidCardSignature,
  isUnambiguousCardSet,
  signCardFields,
} from './card.ts';

/** The request of the reference's test vector (payment-providers.md 2.3). */
const referenceRequest: Record<string, string> = {
  access_key: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
  profile_id: '0FFEAFFB-8171-4F34-A22D-1CD38A28A384',
  transaction_uuid: '7f3c2b1a9e8d4c6b',
  signed_field_names: cardSignedFieldNames.join(','),
  unsigned_field_names: '',
  signed_date_time: '2026-01-15T09:30:00Z',
  locale: 'en',
  transaction_type: 'sale',
  reference_number: 'BK-1001',
  amount: '2500.00',
  currency: 'KES',
  customer_ip_address: '197.248.10.5',
  override_custom_receipt_page: 'https://app.example.test/pay/card/return',
  override_custom_cancel_page: 'https://app.example.test/pay/card/cancel',
};
const referenceSecret = 'sim-secret-key-0123456789';

describe('signing the card form (reference 2.3)', () => {
  it('matches a signature computed by hand from the algorithm: name=value over signed_field_names, in order', () => {
    const fields = {
      signed_field_names: 'reference_number,amount,signed_field_names,unsigned_field_names,currency',
      reference_number: 'MPS-7K3Q9X',
      amount: '2900.00',
      unsigned_field_names: '',
      currency: 'KES',
      // Not listed: not signed.
      customer_ip_address: '10.0.0.1',
    };
    // Step by step as the reference says: split the names, name=value in that order, joined by commas
    // (signed_field_names itself included verbatim, commas and all), HMAC-SHA256 with the UTF-8 secret, base64.
    const text =
      'reference_number=MPS-7K3Q9X,amount=2900.00,' +
      'signed_field_names=reference_number,amount,signed_field_names,unsigned_field_names,currency,' +
      'unsigned_field_names=,currency=KES';
    const byHand = createHmac('sha256', Buffer.from('my-secret-key-01', 'utf8'))
      .update(text)
      .digest('base64');
    expect(signCardFields('my-secret-key-01', fields)).toBe(byHand);
    expect(byHand).toHaveLength(44);
  });

  it("reproduces the reference's request vector", () => {
    expect(signCardFields(referenceSecret, referenceRequest)).toBe(
      'YRbha8cxX/B73P+snzgil5U10RPGEAkaeoTXaAZKruU=',
    );
  });

  it("reproduces the reference's response vector", () => {
    const response: Record<string, string> = {
      transaction_id: '7368429185216543104006',
      decision: 'ACCEPT',
      req_access_key: referenceRequest.access_key!,
      req_profile_id: referenceRequest.profile_id!,
      req_transaction_uuid: referenceRequest.transaction_uuid!,
      req_transaction_type: 'sale',
      req_reference_number: 'BK-1001',
      req_amount: '2500.00',
      req_currency: 'KES',
      req_locale: 'en',
      message: 'Request was processed successfully.',
      reason_code: '100',
      auth_amount: '2500.00',
      auth_code: '831000',
      auth_time: '2026-01-15T093112Z',
      signed_date_time: '2026-01-15T09:31:12Z',
    };
    response.signed_field_names = [
      ...Object.keys(response).slice(0, 15),
      'signed_field_names',
      'signed_date_time',
    ].join(',');
    const signature = signCardFields(referenceSecret, response);
    expect(signature).toBe('KF+2bDmCe/5R/i8vCjuvrmjHIfGYXW1pqbTg1kQ7NQk=');
    expect(hasValidCardSignature(referenceSecret, { ...response, signature: signature!, utf8: '✓' })).toBe(
      true,
    );
  });

  it('never signs a set whose string could read as another: a comma in a value, a name twice or not a word', () => {
    // override_custom_receipt_page=x,decision=ACCEPT would add a "field" to the signed string.
    const withComma = {
      ...referenceRequest,
      override_custom_receipt_page: 'https://a.test/r,decision=ACCEPT',
    };
    expect(isUnambiguousCardSet(withComma)).toBe(false);
    expect(signCardFields(referenceSecret, withComma)).toBeNull();
    const listedTwice = {
      ...referenceRequest,
      signed_field_names: `${referenceRequest.signed_field_names},amount`,
    };
    expect(signCardFields(referenceSecret, listedTwice)).toBeNull();
    expect(
      signCardFields(referenceSecret, { signed_field_names: 'a=b,signed_field_names', 'a=b': 'c' }),
    ).toBeNull();
    // A receipt whose signature is right over a value with a comma is still not taken.
    const text = cardSigningString(withComma)!;
    const signature = createHmac('sha256', referenceSecret).update(text).digest('base64');
    expect(hasValidCardSignature(referenceSecret, { ...withComma, signature })).toBe(false);
    expect(isUnambiguousCardSet(referenceRequest)).toBe(true);
  });

  it('cannot sign when a listed field is missing', () => {
    expect(
      signCardFields(referenceSecret, { signed_field_names: 'amount,currency', amount: '1.00' }),
    ).toBeNull();
    expect(signCardFields(referenceSecret, {})).toBeNull();
  });
});

describe('verifying a receipt', () => {
  const signed = { ...referenceRequest, signature: 'YRbha8cxX/B73P+snzgil5U10RPGEAkaeoTXaAZKruU=' };

  it('accepts its own signature and refuses a changed signed field, a wrong secret or a bad signature', () => {
    expect(hasValidCardSignature(referenceSecret, signed)).toBe(true);
    expect(hasValidCardSignature(referenceSecret, { ...signed, amount: '25.00' })).toBe(false);
    expect(hasValidCardSignature('another-secret-key', signed)).toBe(false);
    expect(hasValidCardSignature(referenceSecret, { ...signed, signature: 'short' })).toBe(false);
    expect(hasValidCardSignature(referenceSecret, { ...referenceRequest })).toBe(false);
  });

  it('ignores unsigned extras', () => {
    expect(hasValidCardSignature(referenceSecret, { ...signed, utf8: '✓', anything: 'else' })).toBe(true);
  });
});

describe('the field set of a receipt', () => {
  /** A receipt for the reference request as the hosted page sends it (reference 2.4), signed. */
  function receipt(decision = 'ACCEPT', change: (fields: Record<string, string>) => void = () => {}) {
    const fields: Record<string, string> = {
      transaction_id: '7368429185216543104006',
      decision,
      message: 'Request was processed successfully.',
      reason_code: '100',
    };
    for (const name of cardSignedFieldNames) {
      if (name !== 'signed_field_names' && name !== 'unsigned_field_names') {
        fields[`req_${name}`] = referenceRequest[name]!;
      }
    }
    fields.auth_amount = '2500.00';
    fields.signed_date_time = '2026-01-15T09:31:12Z';
    fields.signed_field_names = [...Object.keys(fields), 'signed_field_names'].join(',');
    change(fields);
    return { ...fields, signature: signCardFields(referenceSecret, fields) ?? '', utf8: '✓' };
  }
  const gateway = createCardGateway({
    CARD_PAY_URL: undefined,
    CARD_ACCESS_KEY: referenceRequest.access_key!,
    CARD_PROFILE_ID: referenceRequest.profile_id!,
    CARD_SECRET_KEY: referenceSecret,
    SANDBOX: true,
    PUBLIC_URL: 'https://app.example.test',
  })!;

  it('takes the set a receipt of ours has, with the unsigned utf8 and unknown unsigned extras', () => {
    expect(hasExpectedReceiptFields(receipt())).toBe(true);
    expect(gateway.verify(receipt())).toBe(true);
    expect(gateway.verify({ ...receipt(), something_new: 'x' })).toBe(true);
    const cancelled = receipt('CANCEL', (fields) => {
      delete fields.reason_code;
      delete fields.auth_amount;
      delete fields.transaction_id;
      fields.signed_field_names = [
        ...Object.keys(fields).filter((n) => n !== 'signed_field_names'),
        'signed_field_names',
      ].join(',');
    });
    expect(gateway.verify(cancelled)).toBe(true);
  });

  it('refuses a set signed over other names: fewer, more, twice, or without itself', () => {
    const resigned = (names: (list: string[]) => string[]) =>
      receipt('ACCEPT', (fields) => {
        fields.signed_field_names = names(fields.signed_field_names!.split(',')).join(',');
      });
    // The echo of our receipt page left out (signed over fewer fields).
    expect(
      gateway.verify(resigned((list) => list.filter((n) => n !== 'req_override_custom_receipt_page'))),
    ).toBe(false);
    // An ACCEPT without its transaction id signed, or without signed_field_names in its own list.
    expect(gateway.verify(resigned((list) => list.filter((n) => n !== 'transaction_id')))).toBe(false);
    expect(gateway.verify(resigned((list) => list.filter((n) => n !== 'signed_field_names')))).toBe(false);
    expect(gateway.verify(resigned((list) => [...list, 'req_amount']))).toBe(false);
    // A name that is not a receipt's (our own request's amount) signed in.
    const withRequestName = receipt('ACCEPT', (fields) => {
      fields.amount = '1.00';
      fields.signed_field_names = `${fields.signed_field_names},amount`;
    });
    expect(gateway.verify(withRequestName)).toBe(false);
  });

  it('refuses a field we read that came unsigned', () => {
    const unsignedReason = receipt('DECLINE', (fields) => {
      fields.signed_field_names = fields
        .signed_field_names!.split(',')
        .filter((n) => n !== 'reason_code')
        .join(',');
    });
    expect(hasValidCardSignature(referenceSecret, unsignedReason)).toBe(true);
    expect(gateway.verify(unsignedReason)).toBe(false);
  });
});

describe('the gateway', () => {
  const env = {
    CARD_PAY_URL: undefined,
    CARD_ACCESS_KEY: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
    CARD_PROFILE_ID: 'PROFILE-1',
    CARD_SECRET_KEY: 'a-secret-of-the-tests',
    SANDBOX: true,
    PUBLIC_URL: 'https://myprosper.example',
  };

  it('signs every request field, amount in KES with two decimals, date in UTC', () => {
    const gateway = createCardGateway(env)!;
    const fields = gateway.requestFields({
      transactionUuid: 'abc123',
      referenceNumber: 'MPS-7K3Q9X',
      amount: 2900,
      customerIpAddress: '197.248.10.5',
      receiptUrl: 'https://myprosper.example/myprosper/api/card/receipt/session',
      cancelUrl: 'https://myprosper.example/myprosper/api/card/receipt/session',
      now: new Date('2026-01-15T09:30:00.123Z'),
    });
    expect(fields).toMatchObject({
      amount: '2900.00',
      currency: 'KES',
      locale: 'en',
      transaction_type: 'sale',
      signed_date_time: '2026-01-15T09:30:00Z',
      unsigned_field_names: '',
    });
    expect(fields.signed_field_names?.split(',')).toEqual([...cardSignedFieldNames]);
    expect(hasValidCardSignature(env.CARD_SECRET_KEY, fields)).toBe(true);
    // Our own signed request is no receipt: its field set is not a receipt's, so it cannot be posted back as one.
    expect(gateway.verify(fields)).toBe(false);
    expect(JSON.stringify(fields)).not.toContain(env.CARD_SECRET_KEY);
  });

  it('posts to the local hosted page at PUBLIC_URL (never a Host of a request), or to CyberSource when set', () => {
    expect(createCardGateway(env)!.payUrl).toBe('https://myprosper.example/sandbox/cybersource/pay');
    const live = createCardGateway({
      ...env,
      CARD_PAY_URL: 'https://testsecureacceptance.cybersource.com/pay',
    })!;
    expect(live.payUrl).toBe('https://testsecureacceptance.cybersource.com/pay');
    expect(live.isLocal).toBe(false);
  });

  it('is unavailable without CyberSource or the sandbox, and refuses the sandbox secret for CyberSource', () => {
    expect(createCardGateway({ ...env, SANDBOX: false })).toBeNull();
    expect(() =>
      createCardGateway({
        ...env,
        CARD_PAY_URL: 'https://secureacceptance.cybersource.com/pay',
        CARD_SECRET_KEY: 'myprosper-sandbox-card-secret',
      }),
    ).toThrow(/CARD_SECRET_KEY/);
  });
});
