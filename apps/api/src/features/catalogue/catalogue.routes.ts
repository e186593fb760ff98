import {
  advisorDetailsResponse,
  advisorFilters,
  advisorListResponse,
  faqsResponse,
  industriesResponse,
  languagesResponse,
  leadSourcesResponse,
  liveTopicsResponse,
  pricingResponse,
  searchTopicsQuery,
  searchTopicsResponse,
  testimonialsResponse,
  topicDetailsResponse,
  topicViewedRequest,
  topicViewedResponse,
} from '@myprosper/contract/catalogue';
import { errorEnvelope, idParam, priceType, userIdParam, userType } from '@myprosper/contract/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../lib/reply.ts';
import { CatalogueService } from './catalogue.service.ts';
import { type CachedAnswer, isCurrentCopy, preferredEncoding, ResponseCache } from './response-cache.ts';

const tags = ['catalogue'];
const errors = { 404: errorEnvelope, 422: errorEnvelope };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An anonymous GET answer of this route may be served from the catalogue cache. */
    catalogueCache?: boolean;
  }
}

/** Routes whose answers to visitors are kept in the catalogue cache. */
const cached = { config: { catalogueCache: true } };

/** Public catalogue under /myprosper/api. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new CatalogueService(app.db.db, {
    timeZone: app.env.TIME_ZONE,
    searchLog: app.catalogue.searches,
  });
  const versions = app.catalogue.version;
  const cache = new ResponseCache();
  const versionOf = new WeakMap<FastifyRequest, number>();
  const isCacheable = (request: FastifyRequest) =>
    request.method === 'GET' &&
    !request.headers.authorization &&
    request.routeOptions.config.catalogueCache === true;

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
  // A browser whose copy is still the answer (If-None-Match) gets a 304 and no body: on a phone, the programs
  // list's 11 KB are not sent again once its copy is a minute old.
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
  app.addHook('onRequest', async (request, reply) => {
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
  });
  // Whatever became of the answer (kept, failed, or the caller gone), those waiting for it go on.
  app.addHook('onResponse', (request, _reply, next) => {
    finishMaking(request);
    next();
  });
  app.addHook('onRequestAbort', (request, next) => {
    finishMaking(request);
    next();
  });

  // What a visitor reads may be cached for a minute; answers to signed-in callers are never shared.
  app.addHook('onSend', async (request, reply, payload) => {
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
  });

  app.get(
    '/getLiveTopics',
    {
      ...cached,
      schema: { tags, summary: 'Live programs, in order', response: { 200: liveTopicsResponse } },
    },
    async () => ok(await service.listLiveTopics()),
  );

  app.get(
    '/getTopicDetails/:topicId',
    {
      ...cached,
      schema: {
        tags,
        summary: 'A live program with its tips',
        params: z.object({ topicId: idParam }),
        response: { 200: topicDetailsResponse, ...errors },
      },
    },
    async (request) => ok(await service.getTopicDetails(request.params.topicId)),
  );

  app.get(
    '/getTopicAdvisors/:userId/ALL',
    {
      ...cached,
      schema: {
        tags,
        summary: 'Mentors, narrowed by topic, days, time bands, industries and languages',
        params: z.object({ userId: userIdParam }),
        querystring: advisorFilters,
        response: { 200: advisorListResponse, 422: errorEnvelope },
      },
    },
    async (request) => ok(await service.listTopicAdvisors(request.params.userId, request.query)),
  );

  app.get(
    '/getTopAdvisors/:userId/ALL',
    {
      ...cached,
      schema: {
        tags,
        summary: 'The best ranked mentors',
        params: z.object({ userId: userIdParam }),
        response: { 200: advisorListResponse, 422: errorEnvelope },
      },
    },
    async (request) => ok(await service.listTopAdvisors(request.params.userId)),
  );

  app.get(
    '/getAdvisorDetails/:advisorId',
    {
      ...cached,
      schema: {
        tags,
        summary: 'A mentor profile with weekly hours and the coming dates',
        params: z.object({ advisorId: idParam }),
        response: { 200: advisorDetailsResponse, ...errors },
      },
    },
    async (request) => ok(await service.getAdvisorDetails(request.params.advisorId)),
  );

  app.get(
    '/getFAQsByUserType/:userType',
    {
      ...cached,
      schema: {
        tags,
        summary: 'Active FAQs for advisees or advisors',
        params: z.object({ userType }),
        response: { 200: faqsResponse, 422: errorEnvelope },
      },
    },
    async (request) => ok(await service.listFaqs(request.params.userType)),
  );

  app.get(
    '/getActiveTestimonials',
    {
      ...cached,
      schema: { tags, summary: 'Active testimonials', response: { 200: testimonialsResponse } },
    },
    async () => ok(await service.listActiveTestimonials()),
  );

  app.get(
    '/getPricingSettingByPriceType/:priceType',
    {
      ...cached,
      schema: {
        tags,
        summary: 'The price of an individual or group session, VAT included in amount',
        params: z.object({ priceType }),
        response: { 200: pricingResponse, ...errors },
      },
    },
    async (request) => ok(await service.getPricing(request.params.priceType)),
  );

  app.get(
    '/getIndustries',
    {
      ...cached,
      schema: { tags, summary: 'Industries', response: { 200: industriesResponse } },
    },
    async () => ok(await service.listIndustries()),
  );

  app.get(
    '/getLanguages',
    {
      ...cached,
      schema: { tags, summary: 'Languages', response: { 200: languagesResponse } },
    },
    async () => ok(await service.listLanguages()),
  );

  app.get(
    '/getLeadSources',
    {
      ...cached,
      schema: { tags, summary: 'How people heard of us', response: { 200: leadSourcesResponse } },
    },
    async () => ok(await service.listLeadSources()),
  );

  app.get(
    '/searchTopics',
    {
      schema: {
        tags,
        summary: 'Typo-tolerant search of program names (at least 3 characters)',
        querystring: searchTopicsQuery,
        response: { 200: searchTopicsResponse, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      // Every search is recorded, so browsers and proxies must not keep answers; the server keeps the
      // results per catalogue version and still records each search.
      reply.header('cache-control', 'no-store');
      const version = await versions.current();
      return ok(await service.searchTopics(request.query.query, request.query.hitsPerPage, version));
    },
  );

  app.post(
    '/topicViewed',
    {
      // It only adds an analytics event: the catalogue's version need not be checked again after it.
      config: { keepsCatalogue: true },
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary: "Records the 'Topic Viewed' event",
        body: topicViewedRequest,
        response: { 200: topicViewedResponse, ...errors },
      },
    },
    async (request) => {
      await service.recordTopicView(request.body.topicId, request.user?.id ?? null);
      return done('Success');
    },
  );
};
