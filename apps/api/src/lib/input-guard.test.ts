import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';
import { invalidUnicodeMessage, nulCharacterMessage, registerInputGuard } from './input-guard.ts';

async function echoApp() {
  const app = Fastify();
  registerErrorHandler(app);
  registerInputGuard(app);
  app.post('/echo/:name', async (request) => ({ body: request.body }));
  await app.ready();
  return app;
}

const post = async (payload: string, name = 'x') => {
  const app = await echoApp();
  const response = await app.inject({
    method: 'POST',
    url: `/echo/${name}`,
    headers: { 'content-type': 'application/json' },
    payload,
  });
  await app.close();
  return { status: response.statusCode, message: response.json().message as string | undefined };
};

describe('input guard', () => {
  it('refuses a lone surrogate anywhere in the body, as a key or a value', async () => {
    expect(await post('{"reason":"\\udfff\\ud800"}')).toEqual({
      status: 422,
      message: invalidUnicodeMessage,
    });
    expect(await post('{"a":["ok","\\ud83d"]}')).toEqual({ status: 422, message: invalidUnicodeMessage });
    expect(await post('{"\\udc00":1}')).toEqual({ status: 422, message: invalidUnicodeMessage });
  });

  it('refuses the NUL character with its own message', async () => {
    expect(await post('{"reason":"a\\u0000b"}')).toEqual({ status: 422, message: nulCharacterMessage });
    expect(await post('{}', 'a%00b')).toEqual({ status: 422, message: nulCharacterMessage });
  });

  it('lets whole characters through, emoji and Swahili included', async () => {
    expect((await post('{"reason":"Asante sana \\ud83d\\ude4f — ñ"}')).status).toBe(200);
  });
});
