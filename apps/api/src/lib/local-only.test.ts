import { describe, expect, it } from 'vitest';
import { isLocalOnlyRoute, isLoopbackAddress } from './local-only.ts';

describe('local-only routes', () => {
  it('takes the loopback interface only, in its IPv4, IPv6 and dual-stack forms', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of [
      undefined,
      '',
      '203.0.113.9',
      '::ffff:203.0.113.9',
      '10.0.0.1',
      '::',
      '0.0.0.0',
      '128.0.0.1',
    ]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });

  it("covers the outbox pages, the journeys' clock and every stand-in, nothing else", () => {
    for (const route of [
      '/dev/outbox',
      '/dev/outbox.json',
      '/dev/sessions/:sessionId/move',
      '/sandbox/daraja/oauth/v1/generate',
      '/sandbox/s3/*',
    ]) {
      expect(isLocalOnlyRoute(route), route).toBe(true);
    }
    for (const route of [
      undefined,
      '/myprosper/api/getLiveTopics',
      '/uploads/images/:name',
      '/dev',
      '/sandboxes',
    ]) {
      expect(isLocalOnlyRoute(route), String(route)).toBe(false);
    }
  });
});
