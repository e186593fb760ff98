import multipart from '@fastify/multipart';
import {
  adminCatalogueMessages,
  adminProgramResponse,
  adminProgramsResponse,
  orderRequest,
  programLiveRequest,
  programRequest,
} from '@myprosper/contract/admin-catalogue';
import { idParam, messageOnly } from '@myprosper/contract/common';
import { uploadMessages } from '@myprosper/contract/uploads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { done, ok } from '../../lib/reply.ts';
import { multipartLimits, readMultipart } from '../../lib/uploads.ts';
import { AdminProgramsService } from './programs.service.ts';
import { adminErrors, adminSecurity, adminTags } from './route-kit.ts';

/** Programs: list, create, edit, order, publish, image, delete; under /myprosper/api/admin. */
export const adminProgramsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });
  const service = new AdminProgramsService(app.db.db, app.fileStorage);
  const schema = { tags: adminTags, security: adminSecurity };
  const params = z.object({ id: idParam });
  const errors = { ...adminErrors, 413: adminErrors[422], 415: adminErrors[422] };

  app.get(
    '/programs',
    {
      schema: {
        ...schema,
        summary: 'Every program, published or not, in order, with tips and counts',
        response: { 200: adminProgramsResponse, ...errors },
      },
    },
    async () => ok(await service.list()),
  );

  app.post(
    '/programs',
    {
      schema: {
        ...schema,
        summary: 'Create a program (last in the order), published when isLive',
        body: programRequest,
        response: { 200: adminProgramResponse, ...errors },
      },
    },
    async (request) =>
      ok(await service.create(request.user!, request.body), adminCatalogueMessages.programCreated),
  );

  app.put(
    '/programs/order',
    {
      schema: {
        ...schema,
        summary: 'Set the order of the programs: every program id once, first shown first',
        body: orderRequest,
        response: { 200: adminProgramsResponse, ...errors },
      },
    },
    async (request) =>
      ok(await service.reorder(request.user!, request.body.ids), adminCatalogueMessages.orderSaved),
  );

  app.put(
    '/programs/:id',
    {
      schema: {
        ...schema,
        summary: 'Edit a program: name, tag line, video, image path, tips, published',
        params,
        body: programRequest,
        response: { 200: adminProgramResponse, ...errors },
      },
    },
    async (request) =>
      ok(
        await service.update(request.user!, request.params.id, request.body),
        adminCatalogueMessages.programSaved,
      ),
  );

  app.put(
    '/programs/:id/live',
    {
      schema: {
        ...schema,
        summary: 'Publish or unpublish a program',
        params,
        body: programLiveRequest,
        response: { 200: adminProgramResponse, ...errors },
      },
    },
    async (request) => {
      const program = await service.setLive(request.user!, request.params.id, request.body.isLive);
      return ok(
        program,
        program.isLive ? adminCatalogueMessages.programPublished : adminCatalogueMessages.programUnpublished,
      );
    },
  );

  app.post(
    '/programs/:id/image',
    {
      schema: {
        ...schema,
        summary: "Upload the program's image (multipart: file; JPEG, PNG or WebP up to 5 MB)",
        consumes: ['multipart/form-data'],
        params,
        response: { 200: adminProgramResponse, ...errors },
      },
    },
    async (request) => {
      const upload = await readMultipart(request, app.fileStorage.tempDir, (field) =>
        field === 'file' ? 'IMAGE' : null,
      );
      const file = upload.files.file;
      if (!file) throw new AppError('INVALID_INPUT', uploadMessages.chooseFile);
      return ok(
        await service.setImage(request.user!, request.params.id, file),
        adminCatalogueMessages.programImageSaved,
      );
    },
  );

  app.delete(
    '/programs/:id',
    {
      schema: {
        ...schema,
        summary: 'Delete a program nobody booked (409 when it has sessions: unpublish it instead)',
        params,
        response: { 200: messageOnly, ...errors },
      },
    },
    async (request) => {
      await service.delete(request.user!, request.params.id);
      return done(adminCatalogueMessages.programDeleted);
    },
  );
};
