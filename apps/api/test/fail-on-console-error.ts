import { afterEach, vi } from 'vitest';

// A console.error in a test means something went wrong that the test did not look at.
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls.slice();
  spy.mockClear();
  if (calls.length > 0)
    throw new Error(`console.error was called: ${calls.map((c) => String(c[0])).join('; ')}`);
});
