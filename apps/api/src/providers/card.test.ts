import { createHmac } from 'node:crypto';
import { cardSignedFieldNames } from '@myprosper/contract/card';
import { describe, expect, it } from 'vitest';
import { createCardGateway, hasValidCardSignature, signCardFields } from './card.ts';

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
    expect(gateway.verify(fields)).toBe(true);
    expect(JSON.stringify(fields)).not.toContain(env.CARD_SECRET_KEY);
  });

  it('posts to the local hosted page where the browser reached us, or to CyberSource when configured', () => {
    expect(createCardGateway(env)!.payUrl('http://localhost:3181')).toBe(
      'http://localhost:3181/sandbox/cybersource/pay',
    );
    const live = createCardGateway({
      ...env,
      CARD_PAY_URL: 'https://testsecureacceptance.cybersource.com/pay',
    })!;
    expect(live.payUrl('http://localhost:3181')).toBe('https://testsecureacceptance.cybersource.com/pay');
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
