import { defaultSessionRules, policyLines, sessionRulesAnswer } from '@myprosper/contract/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { api } from './booking.test-helpers.ts';

/** Issue 20: the policy shown before paying is made from the numbers the server enforces. */
describe('GET sessionRules', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ CANCEL_FULL_REFUND_HOURS: '36', MPESA_PROMPTS_PER_NUMBER_PER_HOUR: '4' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers the rules in force and the policy in their words, to anyone, cacheable', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${api}/sessionRules` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age');
    const { data } = sessionRulesAnswer.parse(res.json());
    expect(data.rules).toEqual({
      ...defaultSessionRules,
      fullRefundHours: 36,
      mpesaPromptsPerNumberPerHour: 4,
    });
    expect(data.policy).toEqual(policyLines(data.rules));
    expect(data.policy[0]?.text).toContain('at least 36 hours before the start');
  });
});
