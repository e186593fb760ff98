/**
 * The refresh token's cookie: HttpOnly (no script of the page reads it), SameSite=Strict (no other site's page
 * sends it), sent only to the refresh route (Path), and Secure unless the app is served over plain http on
 * this machine (http://localhost in development and the browser journeys), where a browser may not keep a
 * Secure cookie.
 */

export const refreshCookieName = 'myprosper_refresh';
/** The one route the browser sends the cookie to. */
export const refreshCookiePath = '/myprosper/auth/refresh';

/** Whether PUBLIC_URL is plain http on a loopback host (the only case the cookie is not Secure). */
export function isLocalHttp(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  if (url.protocol !== 'http:') return false;
  const host = url.hostname;
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}

export interface CookieOptions {
  secure: boolean;
}

export function refreshCookie(token: string, expiresAt: Date, now: Date, options: CookieOptions): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return cookie(`${refreshCookieName}=${token}`, `Max-Age=${maxAge}`, options);
}

/** Tells the browser to drop the cookie. */
export function clearedRefreshCookie(options: CookieOptions): string {
  return cookie(`${refreshCookieName}=`, 'Max-Age=0', options);
}

/** The refresh token of a Cookie header, if there is one. */
export function readRefreshCookie(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== refreshCookieName) continue;
    const value = part.slice(at + 1).trim();
    return value === '' ? null : value;
  }
  return null;
}

function cookie(pair: string, maxAge: string, options: CookieOptions): string {
  return [
    pair,
    `Path=${refreshCookiePath}`,
    maxAge,
    'HttpOnly',
    'SameSite=Strict',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
