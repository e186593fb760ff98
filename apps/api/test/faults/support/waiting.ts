import { createServer } from 'node:net';

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const pause = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Polls `condition` until it answers true (or a value other than false/null/undefined, which is returned),
 * up to `timeoutMs`; then fails naming `what` and what `describe` says of the last state. Never a fixed
 * sleep standing in for an assertion.
 */
export async function waitUntil<T>(
  what: string,
  timeoutMs: number,
  condition: () => Promise<T | false | null | undefined>,
  options: { intervalMs?: number; describe?: () => Promise<string> | string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  for (;;) {
    try {
      const value = await condition();
      if (value !== false && value !== null && value !== undefined) return value;
      lastError = null;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const state = options.describe ? await options.describe() : '';
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(
        `timed out after ${timeoutMs} ms waiting until ${what}${cause}${state ? `\n${state}` : ''}`,
      );
    }
    await pause(options.intervalMs ?? 250);
  }
}
