import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { wireFeatures } from '../../app.ts';
import { sandboxCertificatePath, securityCredential } from '../../providers/mpesa-results.ts';
import { createPaymentsTestApp, eventually } from './payments.test-helpers.ts';

const base = '/sandbox/daraja';

/** The sandbox's B2C, Reversal and Status endpoints refuse what Daraja refuses, in its envelope. */
describe('the Daraja sandbox speaks the Result family’s wire format', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp({ JOBS_ENABLED: 'false', MPESA_SANDBOX_DELAY_MS: '10' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function bearer() {
    const basic = Buffer.from(`${ctx.env.MPESA_CONSUMER_KEY}:${ctx.env.MPESA_CONSUMER_SECRET}`).toString(
      'base64',
    );
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${base}/oauth/v1/generate?grant_type=client_credentials`,
      headers: { authorization: `Basic ${basic}` },
    });
    return { authorization: `Bearer ${res.json().access_token}` };
  }

  const credential = (password = ctx.env.MPESA_INITIATOR_PASSWORD) =>
    securityCredential(readFileSync(sandboxCertificatePath, 'utf8'), password);

  function b2c(token: string, overrides: Record<string, unknown> = {}) {
    return {
      OriginatorConversationID: `wire-${Math.random().toString(36).slice(2, 12)}`,
      InitiatorName: ctx.env.MPESA_INITIATOR_NAME,
      SecurityCredential: credential(),
      CommandID: 'BusinessPayment',
      Amount: 100,
      PartyA: ctx.env.MPESA_B2C_SHORTCODE,
      PartyB: '254708374149',
      Remarks: 'Wire test',
      QueueTimeOutURL: `${ctx.env.PUBLIC_URL}/myprosper/api/mpesa/timeouts/${token}`,
      ResultURL: `${ctx.env.PUBLIC_URL}/myprosper/api/mpesa/results/${token}`,
      Occassion: 'Test',
      ...overrides,
    };
  }

  /** A request written by our side (not sent): its token and originator id, so its result lands on our route. */
  async function ourRequest() {
    const disbursements = wireFeatures(ctx.app).disbursements;
    return ctx.database.db.transaction((tx) =>
      disbursements.prepare(tx, {
        kind: 'B2C',
        purpose: 'wire-test',
        reference: `wire:${Math.random().toString(36).slice(2)}`,
        phone: '254708374149',
        amount: 100,
        remarks: 'Wire test',
      }),
    );
  }

  async function settledRow(reference: string) {
    const disbursements = wireFeatures(ctx.app).disbursements;
    return eventually(async () => {
      const row = await disbursements.find(reference);
      expect(['SUCCEEDED', 'FAILED']).toContain(row?.state);
      return row!;
    });
  }

  async function send(path: string, payload: Record<string, unknown>) {
    return ctx.app.inject({ method: 'POST', url: `${base}${path}`, headers: await bearer(), payload });
  }

  it('needs a valid token', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${base}/mpesa/b2c/v3/paymentrequest`,
      headers: { authorization: 'Bearer nope' },
      payload: b2c('wire-token-0000000001'),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errorCode: '404.001.03' });
  });

  it.each([
    ['OriginatorConversationID', { OriginatorConversationID: 'has spaces in it' }],
    ['InitiatorName', { InitiatorName: undefined }],
    ['CommandID', { CommandID: 'Payment' }],
    ['Amount', { Amount: 9 }],
    ['Amount', { Amount: 250_001 }],
    ['Amount', { Amount: 10.5 }],
    ['PartyA', { PartyA: '600000' }],
    ['PartyB', { PartyB: '0708374149' }],
    ['Remarks', { Remarks: 'x' }],
    ['QueueTimeOutURL', { QueueTimeOutURL: 'http://169.254.169.254/latest' }],
    ['ResultURL', { ResultURL: 'https://evil.test/steal' }],
  ])('refuses a bad %s with 400.002.02', async (field, overrides) => {
    const res = await send('/mpesa/b2c/v3/paymentrequest', b2c('wire-token-0000000002', overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: '400.002.02',
      errorMessage: `Bad Request - Invalid ${field}`,
    });
    expect(res.json().requestId).toEqual(expect.any(String));
  });

  it('acks once per OriginatorConversationID; a second use is 500.002.1001', async () => {
    const body = b2c('wire-token-0000000003');
    const first = await send('/mpesa/b2c/v3/paymentrequest', body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      OriginatorConversationID: body.OriginatorConversationID,
      ConversationID: expect.stringMatching(/^AG_\d{8}_[0-9a-f]+$/),
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
    const again = await send('/mpesa/b2c/v3/paymentrequest', body);
    expect(again.statusCode).toBe(500);
    expect(again.json()).toMatchObject({
      errorCode: '500.002.1001',
      errorMessage: 'Duplicate OriginatorConversationID',
    });
  });

  it('a wrong initiator password is acked, then a Result with 2001 (no money moves)', async () => {
    const row = await ourRequest();
    const body = b2c(row.callbackToken, {
      OriginatorConversationID: row.originatorConversationId,
      SecurityCredential: credential('not-the-password'),
    });
    const res = await send('/mpesa/b2c/v3/paymentrequest', body);
    expect(res.statusCode).toBe(200);
    const done = await settledRow(row.reference);
    expect(done).toMatchObject({ state: 'FAILED', resultCode: '2001', receipt: null });
  });

  it('a success Result carries the §1.2 keys, numbers as numbers', async () => {
    const row = await ourRequest();
    const body = b2c(row.callbackToken, { OriginatorConversationID: row.originatorConversationId });
    expect((await send('/mpesa/b2c/v3/paymentrequest', body)).statusCode).toBe(200);
    const done = await settledRow(row.reference);
    expect(done.state).toBe('SUCCEEDED');
    expect(done.resultParameters).toMatchObject({
      TransactionAmount: 100,
      TransactionReceipt: done.receipt,
      TransactionCompletedDateTime: expect.stringMatching(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/),
      B2CUtilityAccountAvailableFunds: expect.any(Number),
      B2CRecipientIsRegisteredCustomer: 'Y',
    });
  });

  it('a reversal needs the RecieverIdentifierType spelling (sic) and its configured value', async () => {
    const reversal = (overrides: Record<string, unknown>) => ({
      Initiator: ctx.env.MPESA_INITIATOR_NAME,
      SecurityCredential: credential(),
      CommandID: 'TransactionReversal',
      TransactionID: 'TAF3XK9P2Q',
      Amount: 100,
      ReceiverParty: ctx.env.MPESA_SHORTCODE,
      Remarks: 'Refund',
      QueueTimeOutURL: `${ctx.env.PUBLIC_URL}/myprosper/api/mpesa/timeouts/wire-token-0000000006`,
      ResultURL: `${ctx.env.PUBLIC_URL}/myprosper/api/mpesa/results/wire-token-0000000006`,
      ...overrides,
    });
    const correct = await send('/mpesa/reversal/v1/request', reversal({ ReceiverIdentifierType: '11' }));
    expect(correct.json()).toMatchObject({ errorMessage: 'Bad Request - Invalid RecieverIdentifierType' });
    const wrongValue = await send('/mpesa/reversal/v1/request', reversal({ RecieverIdentifierType: '4' }));
    expect(wrongValue.statusCode).toBe(400);
    const sic = await send('/mpesa/reversal/v1/request', reversal({ RecieverIdentifierType: '11' }));
    expect(sic.statusCode).toBe(200);
    expect(sic.json()).toMatchObject({ ResponseCode: '0' });
  });

  it('a status query takes TransactionID or OriginalConversationID, not the docs’ spaced names', async () => {
    const status = {
      Initiator: ctx.env.MPESA_INITIATOR_NAME,
      SecurityCredential: credential(),
      'Command ID': 'TransactionStatusQuery',
      'Transaction ID': 'TAF3XK9P2Q',
      PartyA: ctx.env.MPESA_B2C_SHORTCODE,
      IdentifierType: '4',
      Remarks: 'Status',
      QueueTimeOutURL: `${ctx.env.PUBLIC_URL}/myprosper/api/mpesa/timeouts/wire-token-0000000007`,
      ResultURL: `${ctx.env.PUBLIC_URL}/myprosper/api/mpesa/results/wire-token-0000000007`,
    };
    const spaced = await send('/mpesa/transactionstatus/v1/query', status);
    expect(spaced.json()).toMatchObject({ errorMessage: 'Bad Request - Invalid CommandID' });
  });
});
