/**
 * Whether a signaling upgrade may come from this Origin (ASVS 5.0 V4.4.2, cross-site WebSocket hijacking).
 *
 * A browser always sends Origin with a WebSocket handshake, and a page cannot forge it. The app's own pages
 * come from PUBLIC_URL, or from the very address the upgrade was sent to: the Host header (the app opened as
 * http://localhost:3000 while PUBLIC_URL says another name, or Vite's dev server on :5173, which proxies the
 * upgrade keeping the browser's Host and Origin). Any other site, and the opaque origin 'null' (sandboxed
 * frames, files), is refused.
 *
 * No Origin at all is allowed: only programs that are not browsers leave it out, and they could send any
 * Origin they like; the signed 60-second join ticket, given to a signed-in participant, decides for them.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  publicUrl: string,
): boolean {
  if (origin === undefined) return true;
  const from = parseOrigin(origin);
  if (!from) return false;
  if (from.origin === new URL(publicUrl).origin) return true;
  if (!host) return false;
  // The Host header as an address of the same scheme, so a default port (:80, :443) compares as none.
  const target = parseOrigin(`${from.protocol}//${host}`);
  return target !== null && target.host === from.host;
}

function parseOrigin(value: string): URL | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  const isWeb = url.protocol === 'http:' || url.protocol === 'https:';
  return isWeb && url.username === '' && url.password === '' && url.pathname === '/' ? url : null;
}
