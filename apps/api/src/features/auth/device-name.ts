import type { FastifyRequest } from 'fastify';

/**
 * A short description of the device a sign-in started on, from its User-Agent: 'Chrome on Android',
 * 'Safari on iPhone', 'Firefox on Windows'. Kept instead of the User-Agent itself, which says more about the
 * person's machine than the list of their signed-in devices needs. Null when neither the browser nor the system
 * is recognised.
 */

/** Tried in order: browsers that also call themselves Chrome or Safari come first. */
const browsers: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\b(?:Headless)?Chrom(?:e|ium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+ (?:Mobile\/\w+ )?Safari\//, 'Safari'],
];

/** Tried in order: iPhones and iPads also say 'Mac OS X', Android says 'Linux'. */
const systems: Array<[RegExp, string]> = [
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** Only the start of a User-Agent is read: what matters is there, and a huge header costs no more. */
const readLength = 512;

export function describeDevice(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const text = userAgent.slice(0, readLength);
  const browser = browsers.find(([pattern]) => pattern.test(text))?.[1];
  const system = systems.find(([pattern]) => pattern.test(text))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? null;
}

/** The caller's device, described from the request's User-Agent. */
export function deviceOf(request: FastifyRequest): string | null {
  return describeDevice(request.headers['user-agent']);
}
