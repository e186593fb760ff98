import {
  advisorDetailsResponse,
  advisorFilters,
  advisorListResponse,
  advisorPageQuery,
  advisorPageResponse,
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../lib/reply.ts';
import { CatalogueService } from './catalogue.service.ts';
import { viewerKey } from './viewer-key.ts';

const tags = ['catalogue'];
const errors = { 404: errorEnvelope, 422: errorEnvelope };

/** Routes whose answers to visitors are kept in the catalogue cache (response-cache.plugin.ts). */
const cached = { config: { catalogueCache: true } };

/** Public catalogue under /myprosper/api. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new CatalogueService(app.db.db, {
    timeZone: app.env.TIME_ZONE,
    searchLog: app.catalogue.searches,
  });
  const versions = app.catalogue.version;

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
    '/getTopicAdvisors/:userId/PAGE',
    {
      ...cached,
      schema: {
        tags,
        summary:
          'A page of the mentors above: the same filters, `after` from the page before, `limit` per page',
        params: z.object({ userId: userIdParam }),
        querystring: advisorPageQuery,
        response: { 200: advisorPageResponse, 422: errorEnvelope },
      },
    },
    async (request) => ok(await service.listTopicAdvisorsPage(request.params.userId, request.query)),
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
      const { query, hitsPerPage } = request.query;
      return ok(await service.searchTopics(query, hitsPerPage, version, viewerKey(null, request.ip)));
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
      const userId = request.user?.id ?? null;
      await service.recordTopicView(request.body.topicId, userId, viewerKey(userId, request.ip));
      return done('Success');
    },
  );
};
