import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAbortHookHandler,
  onRequestAsyncHookHandler,
  onResponseHookHandler,
  onSendAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { type CachedAnswer, isCurrentCopy, preferredEncoding, ResponseCache } from './response-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An anonymous GET answer of this route may be served from the catalogue cache. */
    catalogueCache?: boolean;
  }
}

/** A route's hooks of one kind, as route options may hold them: none, one or several. */
function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * The catalogue's response cache: visitors' GET answers of the routes declared with
 * `config: { catalogueCache: true }` are kept per URL and served from memory while the catalogue's version
 * (app.catalogue.version) is unchanged, with a weak ETag (a 304 for a current copy), compressed once per
 * encoding, within ResponseCache's bound in bytes. Answers to signed-in callers (an Authorization header) are
 * never kept nor shared. Only those routes run its hooks.
 */
export const catalogueResponseCache = fp(
  async (app: FastifyInstance) => {
    const versions = app.catalogue.version;
    const cache = new ResponseCache();
    const versionOf = new WeakMap<FastifyRequest, number>();
    const isCacheable = (request: FastifyRequest) =>
      request.method === 'GET' && !request.headers.authorization;

    // The answer being made for a URL at a version: other visitors asking for it meanwhile wait for it
    // instead of making it again (a program list or the whole mentor list costs far more than a wait).
    interface Making {
      url: string;
      version: number;
      done: Promise<void>;
      finish: () => void;
    }
    const making = new Map<string, Making>();
    const madeBy = new WeakMap<FastifyRequest, Making>();
    const finishMaking = (request: FastifyRequest) => {
      const entry = madeBy.get(request);
      if (!entry) return;
      madeBy.delete(request);
      if (making.get(entry.url) === entry) making.delete(entry.url);
      entry.finish();
    };
    // A browser whose copy is still the answer (If-None-Match) gets a 304 and no body: on a phone, the
    // programs list's 11 KB are not sent again once its copy is a minute old.
    const sendHit = (request: FastifyRequest, reply: FastifyReply, hit: CachedAnswer) => {
      reply.header('x-cache', 'HIT').header('etag', hit.etag);
      if (isCurrentCopy(request.headers['if-none-match'], hit.etag)) return reply.code(304).send();
      reply.type('application/json; charset=utf-8');
      if (hit.encoding !== 'identity') reply.header('content-encoding', hit.encoding);
      return reply.send(hit.body);
    };

    // Visitors' reads are answered from memory while the catalogue's version is unchanged (at most
    // catalogueCacheTtlMs; the version itself is checked at most every catalogueVersionMaxAgeMs, and at once
    // after a write through this process); answers to signed-in callers are never shared.
    const onRequest: onRequestAsyncHookHandler = async (request, reply) => {
      if (!isCacheable(request)) return;
      const version = await versions.current();
      versionOf.set(request, version);
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      const hit = cache.get(request.url, version, encoding);
      if (hit) return sendHit(request, reply, hit);
      const inProgress = making.get(request.url);
      if (inProgress && inProgress.version === version) {
        await inProgress.done;
        const made = cache.get(request.url, version, encoding);
        // Made meanwhile; if it failed (not cached), this request makes its own answer.
        if (made) return sendHit(request, reply, made);
        return;
      }
      let finish: () => void = () => {};
      const done = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const entry = { url: request.url, version, done, finish };
      making.set(request.url, entry);
      madeBy.set(request, entry);
    };
    // Whatever became of the answer (kept, failed, or the caller gone), those waiting for it go on.
    const onResponse: onResponseHookHandler = (request, _reply, next) => {
      finishMaking(request);
      next();
    };
    const onRequestAbort: onRequestAbortHookHandler = (request, next) => {
      finishMaking(request);
      next();
    };

    // What a visitor reads may be cached for a minute; answers to signed-in callers are never shared.
    const onSend: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
      const answered =
        reply.statusCode === 200 || (reply.statusCode === 304 && reply.getHeader('x-cache') === 'HIT');
      if (request.method !== 'GET' || !answered || request.headers.authorization) return payload;
      const version = versionOf.get(request);
      let body = payload;
      if (version !== undefined && reply.getHeader('x-cache') !== 'HIT') {
        reply.header('x-cache', 'MISS');
        if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
          cache.set(request.url, version, payload);
          // Sent as the next visitors will get it: compressed once, here, for this answer and the kept one.
          const kept = cache.get(request.url, version, preferredEncoding(request.headers['accept-encoding']));
          if (kept) {
            reply.header('etag', kept.etag);
            if (isCurrentCopy(request.headers['if-none-match'], kept.etag)) {
              // Made again (the kept one had expired), and the same as the caller's copy.
              reply.code(304).removeHeader('content-type');
              body = null;
            } else if (kept.encoding !== 'identity') {
              reply.header('content-encoding', kept.encoding);
              body = kept.body;
            }
          }
        }
        finishMaking(request);
      }
      if (!reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'public, max-age=60');
        reply.header('vary', 'Authorization, Accept-Encoding');
      }
      return body;
    };

    // The hooks go on the routes that ask for the cache, as they are declared (after this plugin, wherever).
    app.addHook('onRoute', (route) => {
      if (route.config?.catalogueCache !== true) return;
      route.onRequest = [...hooksOf(route.onRequest), onRequest];
      route.onResponse = [...hooksOf(route.onResponse), onResponse];
      route.onRequestAbort = [...hooksOf(route.onRequestAbort), onRequestAbort];
      // Before the route's other onSend hooks: @fastify/compress adds its own to every route the same way, and
      // must come after this one, which sends what it keeps compressed (compress leaves an encoded answer be).
      route.onSend = [onSend, ...hooksOf(route.onSend)];
    });
  },
  { name: 'catalogue-response-cache', dependencies: ['catalogue'] },
);
