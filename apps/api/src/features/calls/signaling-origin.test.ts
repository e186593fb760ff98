import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './signaling-origin.ts';

const publicUrl = 'https://myprosper.example/';

describe('the Origin of a signaling upgrade', () => {
  it('is allowed from the public address of the app, whatever Host the proxy forwards', () => {
    expect(isAllowedOrigin('https://myprosper.example', '127.0.0.1:3000', publicUrl)).toBe(true);
    expect(isAllowedOrigin('https://MyProsper.example:443', 'api.internal', publicUrl)).toBe(true);
  });

  it('is allowed from the address the upgrade was sent to (a direct start, the Vite dev server)', () => {
    expect(isAllowedOrigin('http://localhost:5173', 'localhost:5173', publicUrl)).toBe(true);
    expect(isAllowedOrigin('http://192.168.1.20:5173', '192.168.1.20:5173', publicUrl)).toBe(true);
    expect(isAllowedOrigin('http://localhost', 'localhost:80', publicUrl)).toBe(true);
    expect(isAllowedOrigin('http://[::1]:3000', '[::1]:3000', publicUrl)).toBe(true);
  });

  it('is refused from any other site, port or scheme of the public address', () => {
    expect(isAllowedOrigin('https://evil.example', 'myprosper.example', publicUrl)).toBe(false);
    expect(isAllowedOrigin('https://myprosper.example.evil.example', 'x', publicUrl)).toBe(false);
    expect(isAllowedOrigin('http://myprosper.example', 'api.internal', publicUrl)).toBe(false);
    expect(isAllowedOrigin('https://myprosper.example:8443', 'api.internal', publicUrl)).toBe(false);
    expect(isAllowedOrigin('http://localhost:5173', 'localhost:3000', publicUrl)).toBe(false);
    expect(isAllowedOrigin('https://evil.example', undefined, publicUrl)).toBe(false);
  });

  it('is refused when it is opaque or not a web origin', () => {
    for (const origin of [
      'null',
      '',
      'file://',
      'chrome-extension://abc',
      'not a url',
      'https://a@x.example',
    ]) {
      expect(isAllowedOrigin(origin, 'x.example', publicUrl), origin).toBe(false);
    }
    expect(isAllowedOrigin('https://x.example/path', 'x.example', publicUrl)).toBe(false);
    expect(isAllowedOrigin('https://x.example', 'x.example/path', publicUrl)).toBe(false);
  });

  it('may be missing: a program that is not a browser still needs its join ticket', () => {
    expect(isAllowedOrigin(undefined, 'myprosper.example', publicUrl)).toBe(true);
  });
});
