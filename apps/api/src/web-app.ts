import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Env } from './config/env.ts';
import { type LinkPreviews, withLinkPreview } from './features/catalogue/catalogue.door.ts';

/** A page is compressed on each request: brotli's quick level (the default, 11, is for files built once). */
const fastBrotli = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * How long a browser may keep a file of the web build: a hashed asset never changes under its name, so for a
 * year without asking again; index.html names the current assets and sw.js is the app's version, so both are
 * checked on every visit; the other public files (icons, demo images) for a day.
 */
function webCacheControl(path: string): string {
  if (/(\.html|\/sw\.js)(\.br|\.gz)?$/.test(path)) return 'no-cache';
  if (path.includes('/assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=86400';
}

/**
 * Serves the built single-page app (precompressed, cached as webCacheControl says); page paths get index.html,
 * with the page's link preview (Open Graph tags) for any client not asking for JSON: WhatsApp's and Facebook's
 * fetchers send Accept: *\/* or none (issue 26).
 */
export async function registerWebApp(app: FastifyInstance, env: Env, previews: LinkPreviews): Promise<void> {
  const root = resolve(env.WEB_DIST);
  const hasWeb = existsSync(resolve(root, 'index.html'));
  if (hasWeb) {
    // The build's files are logged at warn only (two info lines per file drowned the API's) and counted as
    // one route in the metrics.
    let registeringFiles = true;
    app.addHook('onRoute', (route) => {
      if (!registeringFiles) return;
      route.logLevel = 'warn';
      route.config = { ...(route.config as object), static: true };
    });
    await app.register(fastifyStatic, {
      root,
      // Every file of the build gets its own route at start; other paths fall through to index.html.
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each text file: sent as they are, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header('cache-control', webCacheControl(path));
      },
    });
    registeringFiles = false;
  }
  const indexHtml = hasWeb ? readFileSync(resolve(root, 'index.html'), 'utf8') : '';
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const accept = request.headers.accept ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/myprosper/') &&
      !path.startsWith('/assets/') &&
      !path.startsWith('/dev/') &&
      !path.startsWith('/sandbox/') &&
      // A browser asks for HTML (a link's token may hold dots); a fetcher asking for anything gets it for an
      // address without a file name (/topics/3, never /robots.txt).
      (accept.includes('text/html') || (!/\.[a-z0-9]+$/i.test(path) && !accept.includes('application/json')));
    if (hasWeb && isPage) {
      const html = withLinkPreview(indexHtml, await previews.of(path));
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept, Accept-Encoding')
        .type('text/html; charset=utf-8');
      // Compressed here: @fastify/compress hooks onto routes, and this handler is none.
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      if (encoding === 'br')
        return reply.header('content-encoding', 'br').send(brotliCompressSync(html, fastBrotli));
      if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(html));
      return reply.send(html);
    }
    return reply.status(404).send({
      statusCode: 404,
      // The path only, cut short: the answer does not echo a query or a long address back.
      message: `Route ${request.method} ${path.slice(0, 200)} not found`,
      code: 'NOT_FOUND',
    });
  });
}

/** The compression a client takes for a page: br, then gzip, else none. */
function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}
