import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers for these options, worked out once. (@fastify/helmet built helmet's middleware again on
 * every request, parsing the policy each time: a tenth of a cached catalogue answer's cost.) The options must
 * not depend on the request: no nonces, no functions as directive values.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Where the API's JSON answers are: everything else (pages, files, documentation, sandboxes) is a page. */
const apiPrefixes = ['/myprosper/api/', '/myprosper/auth/'];

/** A request for one of the API's JSON answers (its path, not its query, decides). */
function isApiAddress(url: string): boolean {
  return apiPrefixes.some((prefix) => url.startsWith(prefix));
}

/**
 * The headers a JSON answer needs, as OWASP's REST cheat sheet lists them: no browser may run, frame or
 * sniff it as a page (`default-src 'none'`, frame-ancestors, nosniff, X-Frame-Options), no other site may
 * load it (CORP), HTTPS only, and the same referrer policy as the pages. What only a document uses (its
 * script and style sources, opener and agent-cluster isolation, DNS prefetch, IE's download and XSS
 * switches, Flash's cross-domain policy) is left off: about 450 bytes on each answer, which a phone on a
 * slow network waits for and the server and client spend time writing and parsing (decision 009).
 */
function apiHeaderOptions(pages: HelmetOptions): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: pages.referrerPolicy,
    strictTransportSecurity: pages.hsts ?? pages.strictTransportSecurity,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'sameorigin' },
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: true,
    xXssProtection: false,
  };
}

/**
 * Every answer (routes, files, refusals, not found) carries helmet's headers: pages and files those of these
 * options, the API's JSON answers the few a JSON answer needs (apiHeaderOptions).
 */
export function registerSecurityHeaders(app: FastifyInstance, pages: HelmetOptions): void {
  const pageHeaders = helmetHeaders(pages);
  const apiHeaders = helmetHeaders(apiHeaderOptions(pages));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAddress(request.url) ? apiHeaders : pageHeaders);
    done();
  });
}
