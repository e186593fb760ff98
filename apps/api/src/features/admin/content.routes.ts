import {
  adminCatalogueMessages,
  adminFaqResponse,
  adminFaqsResponse,
  adminTestimonialResponse,
  adminTestimonialsResponse,
  faqOrderRequest,
  faqRequest,
  orderRequest,
  testimonialRequest,
} from '@myprosper/contract/admin-catalogue';
import { idParam } from '@myprosper/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { AdminContentService } from './content.service.ts';
import { adminErrors, adminSecurity, adminTags } from './route-kit.ts';

/** FAQs and testimonials, under /myprosper/api/admin. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AdminContentService(app.db.db);
  const schema = { tags: adminTags, security: adminSecurity };
  const params = z.object({ id: idParam });
  const m = adminCatalogueMessages;

  app.get(
    '/faqs',
    {
      schema: {
        ...schema,
        summary: 'Every FAQ, hidden ones included, by user type and order',
        response: { 200: adminFaqsResponse, ...adminErrors },
      },
    },
    async () => ok(await service.listFaqs()),
  );

  app.post(
    '/faqs',
    {
      schema: {
        ...schema,
        summary: 'Add a FAQ for advisees or mentors (last in their order)',
        body: faqRequest,
        response: { 200: adminFaqResponse, ...adminErrors },
      },
    },
    async (request) => ok(await service.createFaq(request.user!, request.body), m.faqCreated),
  );

  app.put(
    '/faqs/order',
    {
      schema: {
        ...schema,
        summary: "Order one user type's FAQs: every id of that type once",
        body: faqOrderRequest,
        response: { 200: adminFaqsResponse, ...adminErrors },
      },
    },
    async (request) =>
      ok(await service.orderFaqs(request.user!, request.body.userType, request.body.ids), m.orderSaved),
  );

  app.put(
    '/faqs/:id',
    {
      schema: {
        ...schema,
        summary: 'Edit a FAQ; isActive false hides it',
        params,
        body: faqRequest,
        response: { 200: adminFaqResponse, ...adminErrors },
      },
    },
    async (request) =>
      ok(await service.updateFaq(request.user!, request.params.id, request.body), m.faqSaved),
  );

  app.get(
    '/testimonials',
    {
      schema: {
        ...schema,
        summary: 'Every testimonial, hidden ones included, in order',
        response: { 200: adminTestimonialsResponse, ...adminErrors },
      },
    },
    async () => ok(await service.listTestimonials()),
  );

  app.post(
    '/testimonials',
    {
      schema: {
        ...schema,
        summary: 'Add a testimonial: video path, name, position (last in the order)',
        body: testimonialRequest,
        response: { 200: adminTestimonialResponse, ...adminErrors },
      },
    },
    async (request) => ok(await service.createTestimonial(request.user!, request.body), m.testimonialCreated),
  );

  app.put(
    '/testimonials/order',
    {
      schema: {
        ...schema,
        summary: 'Order the testimonials: every id once',
        body: orderRequest,
        response: { 200: adminTestimonialsResponse, ...adminErrors },
      },
    },
    async (request) => ok(await service.orderTestimonials(request.user!, request.body.ids), m.orderSaved),
  );

  app.put(
    '/testimonials/:id',
    {
      schema: {
        ...schema,
        summary: 'Edit a testimonial; isActive false hides it',
        params,
        body: testimonialRequest,
        response: { 200: adminTestimonialResponse, ...adminErrors },
      },
    },
    async (request) =>
      ok(await service.updateTestimonial(request.user!, request.params.id, request.body), m.testimonialSaved),
  );
};
