import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

describe('health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('says the API is alive and the database is reachable', async () => {
    const live = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
  });

  it('answers unknown API paths with the envelope and 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/myprosper/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404 });
  });

  it('serves the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/myprosper/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().info.title).toBe('MyProsper API');
  });
});
