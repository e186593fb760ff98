import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { matchPublicPage } from '../app/first-page.ts';
import { apiRequest } from './api-client.ts';
import { startEarlyRequest } from './early-requests.ts';

const answer = z.object({ statusCode: z.number(), message: z.string(), data: z.array(z.string()) });

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

/** The server as the browser sees it: every GET answers its own path, numbered by how often it was asked. */
function fakeServer() {
  const calls: Array<{ path: string; authorization: string | null }> = [];
  const fetch = async (path: string, init: RequestInit = {}) => {
    calls.push({ path, authorization: new Headers(init.headers).get('authorization') });
    const count = calls.filter((call) => call.path === path).length;
    return new Response(
      JSON.stringify({ statusCode: 200, message: 'Success', data: [`${path} #${count}`] }),
      {
        status: 200,
        headers: { 'content-type': 'application/json' },
      },
    );
  };
  return { fetch, calls };
}

describe('the first page’s data requested on arrival', () => {
  let localStorage: MemoryStorage;
  let server: ReturnType<typeof fakeServer>;

  beforeEach(() => {
    localStorage = new MemoryStorage();
    vi.stubGlobal('window', { localStorage });
    server = fakeServer();
    vi.stubGlobal('fetch', server.fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('answers the page’s first call without asking the server again, and only that call', async () => {
    startEarlyRequest('/myprosper/api/getLiveTopics');
    expect(server.calls).toHaveLength(1);

    const first = await apiRequest('/myprosper/api/getLiveTopics', answer);
    expect(first.data).toEqual(['/myprosper/api/getLiveTopics #1']);
    expect(server.calls).toHaveLength(1);

    const again = await apiRequest('/myprosper/api/getLiveTopics', answer);
    expect(again.data).toEqual(['/myprosper/api/getLiveTopics #2']);
    expect(server.calls).toHaveLength(2);
  });

  it('asks again when the visitor signed in after the request went out', async () => {
    startEarlyRequest('/myprosper/api/getTopAdvisors/0/ALL');
    localStorage.setItem('token', 'signed-in');

    const result = await apiRequest('/myprosper/api/getTopAdvisors/0/ALL', answer);
    expect(result.data).toEqual(['/myprosper/api/getTopAdvisors/0/ALL #2']);
    expect(server.calls.map((call) => call.authorization)).toEqual([null, 'Bearer signed-in']);
  });

  it('sends the signed-in user’s token, as the page would', async () => {
    localStorage.setItem('token', 'signed-in');
    startEarlyRequest('/myprosper/api/getAdvisorDetails/4');

    await apiRequest('/myprosper/api/getAdvisorDetails/4', answer);
    expect(server.calls).toEqual([
      { path: '/myprosper/api/getAdvisorDetails/4', authorization: 'Bearer signed-in' },
    ]);
  });

  it('shows a copy of the answer first (for the page’s picture) and the page still gets the answer', async () => {
    const peeked: unknown[] = [];
    startEarlyRequest('/myprosper/api/getTopicDetails/3', (body) => peeked.push(body));

    const result = await apiRequest('/myprosper/api/getTopicDetails/3', answer);
    expect(result.data).toEqual(['/myprosper/api/getTopicDetails/3 #1']);
    expect(peeked).toEqual([
      { statusCode: 200, message: 'Success', data: ['/myprosper/api/getTopicDetails/3 #1'] },
    ]);
  });

  it('leaves other calls to the server', async () => {
    startEarlyRequest('/myprosper/api/getLiveTopics');
    await apiRequest('/myprosper/api/getActiveTestimonials', answer);
    await apiRequest('/myprosper/api/getLiveTopics', answer, { method: 'POST', body: {} });
    expect(server.calls.map((call) => call.path)).toEqual([
      '/myprosper/api/getLiveTopics',
      '/myprosper/api/getActiveTestimonials',
      '/myprosper/api/getLiveTopics',
    ]);
  });
});

describe('the public pages a visit starts on', () => {
  it('are matched as the router matches them', () => {
    expect(matchPublicPage('/')).toEqual({ page: 'home' });
    expect(matchPublicPage('/topics')).toEqual({ page: 'programs' });
    expect(matchPublicPage('/Topics/')).toEqual({ page: 'programs' });
    expect(matchPublicPage('/topics/12')).toEqual({ page: 'program', topicId: 12 });
    expect(matchPublicPage('/advisors')).toEqual({ page: 'mentors' });
    expect(matchPublicPage('/advisors/4/')).toEqual({ page: 'mentor', advisorId: 4 });
  });

  it('carry no id for a malformed address, and leave other pages alone', () => {
    expect(matchPublicPage('/topics/abc')).toEqual({ page: 'program', topicId: null });
    expect(matchPublicPage('/advisors/0')).toEqual({ page: 'mentor', advisorId: null });
    expect(matchPublicPage('/advisors/book/4')).toBeNull();
    expect(matchPublicPage('/about')).toBeNull();
    expect(matchPublicPage('/sessions')).toBeNull();
  });
});
