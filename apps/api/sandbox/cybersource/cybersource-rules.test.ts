import { cardSignedDateTime } from '@myprosper/contract/card';
import { describe, expect, it } from 'vitest';
import { createCardGateway, hasValidCardSignature } from '../../src/providers/card.ts';
import {
  buildReceipt,
  cancelOutcome,
  checkPayRequest,
  cleanCardNumber,
  outcomeForCard,
  parseSignedDateTime,
} from './cybersource-rules.ts';

const config = {
  accessKey: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
  profileId: 'PROFILE-1',
  secretKey: 'sandbox-rules-secret',
};
const gateway = createCardGateway({
  CARD_PAY_URL: undefined,
  CARD_ACCESS_KEY: config.accessKey,
  CARD_PROFILE_ID: config.profileId,
  CARD_SECRET_KEY: config.secretKey,
  SANDBOX: true,
  PUBLIC_URL: 'http://localhost:3000',
})!;
const now = new Date('2026-01-15T09:30:00Z');

function request(overrides: Partial<Parameters<typeof gateway.requestFields>[0]> = {}) {
  return gateway.requestFields({
    transactionUuid: 'uuid-1',
    referenceNumber: 'MPS-7K3Q9X',
    amount: 2900,
    customerIpAddress: '197.248.10.5',
    receiptUrl: 'http://localhost:3000/myprosper/api/card/receipt/session',
    cancelUrl: 'http://localhost:3000/myprosper/api/card/receipt/session',
    now,
    ...overrides,
  });
}

const never = () => false;

describe('POST /pay checks (reference 2.7)', () => {
  it('takes a request we signed', () => {
    expect(checkPayRequest(request(), config, now, never)).toBeNull();
  });

  it('refuses a changed field, a missing signature or an unsigned required field (102)', () => {
    expect(checkPayRequest({ ...request(), amount: '1.00' }, config, now, never)?.reasonCode).toBe(102);
    const { signature: _signature, ...unsigned } = request();
    expect(checkPayRequest(unsigned, config, now, never)?.reasonCode).toBe(102);
  });

  it('refuses a signed value with a comma, even signed right (102)', () => {
    const forged = { ...request(), reference_number: 'MPS-7K3Q9X,decision=ACCEPT' };
    const problem = checkPayRequest(forged, config, now, never);
    expect(problem).toMatchObject({ reasonCode: 102, message: expect.stringMatching(/comma/) });
  });

  it('refuses another merchant, a stale date and a reused uuid (104)', () => {
    const other = { ...config, accessKey: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz' };
    expect(checkPayRequest(request(), other, now, never)?.message).toMatch(/signature|access_key/);
    const late = new Date(now.getTime() + 16 * 60_000);
    expect(checkPayRequest(request(), config, late, never)?.message).toMatch(/15 minutes/);
    expect(checkPayRequest(request(), config, now, () => true)?.reasonCode).toBe(104);
  });

  it('reads only exact UTC dates', () => {
    expect(parseSignedDateTime('2026-01-15T09:30:00Z')?.toISOString()).toBe('2026-01-15T09:30:00.000Z');
    expect(parseSignedDateTime('2026-02-30T09:30:00Z')).toBeNull();
    expect(parseSignedDateTime('2026-01-15 09:30:00')).toBeNull();
  });
});

describe('the outcome and the receipt', () => {
  it('lets the test card decide', () => {
    expect(outcomeForCard('4111111111111111')).toMatchObject({ decision: 'ACCEPT', reasonCode: '100' });
    expect(outcomeForCard('4000000000000002')).toMatchObject({ decision: 'DECLINE', reasonCode: '203' });
    expect(cleanCardNumber('4111 1111 1111 1111')).toBe('4111111111111111');
    expect(cleanCardNumber('4111')).toBeNull();
  });

  it('signs the receipt with the same algorithm, echoing the request as req_* and masking the card', () => {
    const receipt = buildReceipt(
      {
        request: request(),
        outcome: outcomeForCard('4111111111111111'),
        card: { number: '4111111111111111', expiryMonth: '12', expiryYear: '2030' },
        now,
      },
      config.secretKey,
    );
    expect(hasValidCardSignature(config.secretKey, receipt)).toBe(true);
    // Exactly the field set our receipt check expects.
    expect(gateway.verify(receipt)).toBe(true);
    expect(receipt).toMatchObject({
      decision: 'ACCEPT',
      reason_code: '100',
      req_reference_number: 'MPS-7K3Q9X',
      req_amount: '2900.00',
      req_currency: 'KES',
      req_transaction_uuid: 'uuid-1',
      req_card_number: 'xxxxxxxxxxxx1111',
      req_card_type: '001',
      auth_amount: '2900.00',
      signed_date_time: cardSignedDateTime(now),
      utf8: '✓',
    });
    expect(receipt.transaction_id).toMatch(/^\d{22}$/);
    expect(receipt.signed_field_names?.split(',')).not.toContain('utf8');
    expect(receipt.signed_field_names?.split(',')).toContain('signed_field_names');
  });

  it('has no authorisation on a cancel', () => {
    const receipt = buildReceipt(
      { request: request(), outcome: cancelOutcome, card: null, now },
      config.secretKey,
    );
    expect(receipt.decision).toBe('CANCEL');
    expect(receipt.auth_code).toBeUndefined();
    expect(receipt.reason_code).toBeUndefined();
    expect(hasValidCardSignature(config.secretKey, receipt)).toBe(true);
    // Exactly the field set our receipt check expects.
    expect(gateway.verify(receipt)).toBe(true);
  });
});
