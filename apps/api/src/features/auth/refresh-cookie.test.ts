import { describe, expect, it } from 'vitest';
import { clearedRefreshCookie, isLocalHttp, readRefreshCookie, refreshCookie } from './refresh-cookie.ts';

describe('the refresh cookie', () => {
  it('is Secure everywhere but plain http on this machine', () => {
    for (const url of [
      'http://localhost:3000',
      'http://127.0.0.1:3100',
      'http://[::1]:3000',
      'http://app.localhost',
    ]) {
      expect(isLocalHttp(url), url).toBe(true);
    }
    for (const url of [
      'https://myprosper.co.ke',
      'https://localhost:3000',
      'http://myprosper.co.ke',
      'http://10.0.0.5',
    ]) {
      expect(isLocalHttp(url), url).toBe(false);
    }
    const now = new Date('2026-03-01T08:00:00Z');
    const expiresAt = new Date('2026-03-08T08:00:00Z');
    expect(refreshCookie('abc', expiresAt, now, { secure: true })).toBe(
      'myprosper_refresh=abc; Path=/myprosper/auth/refresh; Max-Age=604800; HttpOnly; SameSite=Strict; Secure',
    );
    expect(clearedRefreshCookie({ secure: false })).toBe(
      'myprosper_refresh=; Path=/myprosper/auth/refresh; Max-Age=0; HttpOnly; SameSite=Strict',
    );
  });

  it('is read from a Cookie header among others', () => {
    expect(readRefreshCookie('theme=dark; myprosper_refresh=abc_-1; other=x')).toBe('abc_-1');
    expect(readRefreshCookie('myprosper_refresh=')).toBeNull();
    expect(readRefreshCookie('not_myprosper_refresh=abc')).toBeNull();
    expect(readRefreshCookie(undefined)).toBeNull();
  });
});
