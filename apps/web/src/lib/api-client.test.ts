import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, onUnauthorized } from './api-client.ts';

const sessionExpired = 'Your session has expired. Please login again.';
const answer = z.object({ statusCode: z.number(), message: z.string(), data: z.string() });

/** The browser's storage, in memory. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

/**
 * The server as the browser sees it: the bearer token 'fresh' is good, any other is refused as expired; the
 * refresh route answers as `refreshAnswer` says, a moment later.
 */
function fakeServer(refreshAnswer: 'ok' | 'refused' | 'offline') {
  const calls: Array<{ path: string; authorization: string | null }> = [];
  const json = (status: number, body: object) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = async (path: string, init: RequestInit = {}) => {
    const authorization = new Headers(init.headers).get('authorization');
    calls.push({ path, authorization });
    if (path === '/myprosper/auth/refresh') {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (refreshAnswer === 'offline') throw new TypeError('Failed to fetch');
      if (refreshAnswer === 'refused') return json(401, { statusCode: 401, message: sessionExpired });
      return json(200, {
        statusCode: 200,
        message: 'Session refreshed',
        jwttoken: 'fresh',
        userId: 7,
        full_names: 'Amina Odhiambo',
        role: 'ADVISEE',
      });
    }
    if (authorization === 'Bearer fresh')
      return json(200, { statusCode: 200, message: 'Success', data: path });
    return json(401, { statusCode: 401, message: sessionExpired });
  };
  return { fetch, calls, refreshes: () => calls.filter((c) => c.path === '/myprosper/auth/refresh').length };
}

describe('apiRequest with an expired bearer token', () => {
  let localStorage: MemoryStorage;
  const unauthorized = vi.fn();
  let stopListening: () => void;

  beforeEach(() => {
    localStorage = new MemoryStorage();
    localStorage.setItem('token', 'stale');
    vi.stubGlobal('window', { localStorage });
    unauthorized.mockReset();
    stopListening = onUnauthorized(unauthorized);
  });
  afterEach(() => {
    stopListening();
    vi.unstubAllGlobals();
  });

  it('refreshes once for many calls that fail together, and sends each again with the new token', async () => {
    const server = fakeServer('ok');
    vi.stubGlobal('fetch', server.fetch);
    const paths = ['/a', '/b', '/c', '/d', '/e'];
    const results = await Promise.all(paths.map((path) => apiRequest(path, answer)));
    expect(results.map((r) => r.data)).toEqual(paths);
    expect(server.refreshes()).toBe(1);
    expect(localStorage.getItem('token')).toBe('fresh');
    for (const path of paths) {
      expect(server.calls.filter((c) => c.path === path).map((c) => c.authorization)).toEqual([
        'Bearer stale',
        'Bearer fresh',
      ]);
    }
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('uses a token another call already got instead of refreshing again', async () => {
    const server = fakeServer('ok');
    vi.stubGlobal('fetch', server.fetch);
    await apiRequest('/first', answer);
    localStorage.setItem('token', 'stale');
    // A call sent with the stale token whose 401 arrives after another refresh stored 'fresh'.
    const late = apiRequest('/late', answer);
    localStorage.setItem('token', 'fresh');
    expect((await late).data).toBe('/late');
    expect(server.refreshes()).toBe(1);
  });

  it('fails the calls as before and raises the session-expired dialog when the refresh is refused', async () => {
    const server = fakeServer('refused');
    vi.stubGlobal('fetch', server.fetch);
    const failures = await Promise.allSettled([apiRequest('/a', answer), apiRequest('/b', answer)]);
    for (const failure of failures) {
      expect(failure.status).toBe('rejected');
      const error = (failure as PromiseRejectedResult).reason;
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ statusCode: 401, message: sessionExpired });
    }
    expect(server.refreshes()).toBe(1);
    expect(unauthorized).toHaveBeenCalledTimes(2);
  });

  it('treats no answer to the refresh as being offline, not as the end of the session', async () => {
    const server = fakeServer('offline');
    vi.stubGlobal('fetch', server.fetch);
    await expect(apiRequest('/a', answer)).rejects.toMatchObject({ isNetworkError: true, statusCode: 0 });
    expect(unauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('stale');
  });

  it('does not refresh for a call whose 401 is its answer (a wrong password at log-in)', async () => {
    const server = fakeServer('ok');
    vi.stubGlobal('fetch', server.fetch);
    await expect(
      apiRequest('/login', answer, {
        method: 'POST',
        body: {},
        skipUnauthorized: true,
        refreshOnExpiry: false,
      }),
    ).rejects.toMatchObject({ statusCode: 401 });
    expect(server.refreshes()).toBe(0);
  });
});
