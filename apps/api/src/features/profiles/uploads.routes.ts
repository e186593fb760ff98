import multipart from '@fastify/multipart';
import { errorEnvelope } from '@myprosper/contract/common';
import { messages } from '@myprosper/contract/messages';
import {
  updateProfilePictureResponse,
  uploadFileResponse,
  uploadFileType,
  uploadMessages,
} from '@myprosper/contract/uploads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { contentTypeOfKey } from '../../lib/stored-files.ts';
import { discardFiles, multipartLimits, readMultipart } from '../../lib/uploads.ts';
import { parseRange } from '../../providers/file-storage.ts';
import { callerOf } from './caller.ts';
import type { ProfilesService } from './profiles.service.ts';

const tags = ['profiles'];
const security = [{ bearer: [] }];
const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  413: errorEnvelope,
  415: errorEnvelope,
  422: errorEnvelope,
  429: errorEnvelope,
};
const uploadsPerMinute = 20;

/** POST /myprosper/api/uploadFile and /updateProfilePicture: one multipart file each, checked by content. */
export const uploadsRoutes: FastifyPluginAsyncZod<{ profiles: ProfilesService }> = async (app, options) => {
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });
  const service = options.profiles;
  const tempDir = app.fileStorage.tempDir;
  const rateLimit = {
    max: uploadsPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request: { user: { id: number } | null; ip: string }) =>
      request.user ? `upload|${request.user.id}` : `upload|${request.ip}`,
  };

  app.post(
    '/uploadFile',
    {
      schema: {
        tags,
        security,
        summary:
          'Upload an image, or a video (mentors), as multipart: file, fileType IMAGE|VIDEO; the message is its URL',
        consumes: ['multipart/form-data'],
        response: { 200: uploadFileResponse, ...errors },
      },
      onRequest: app.requireUser,
      config: { rateLimit: { ...rateLimit, hook: 'preHandler' } },
    },
    async (request) => {
      // Videos are for mentors' profiles: anyone else may upload images only.
      const mayUploadVideo = callerOf(request).role !== 'ADVISEE';
      const upload = await readMultipart(request, tempDir, (field, fields) => {
        if (field !== 'file') return null;
        const declared = uploadFileType.safeParse(fields.fileType);
        if (declared.data === 'VIDEO' && !mayUploadVideo) throw forbidden(messages.forbidden);
        if (!mayUploadVideo) return 'IMAGE';
        return declared.success ? declared.data : 'ANY';
      });
      if (upload.fields.fileType === 'VIDEO' && !mayUploadVideo) {
        await discardFiles(Object.values(upload.files));
        throw forbidden(messages.forbidden);
      }
      const file = upload.files.file;
      if (!file) throw new AppError('INVALID_INPUT', uploadMessages.chooseFile);
      const declared = uploadFileType.safeParse(upload.fields.fileType ?? file.kind);
      if (!declared.success || declared.data !== file.kind) {
        await discardFiles([file]);
        const message = declared.data === 'VIDEO' ? uploadMessages.unsupportedVideo : uploadMessages.notImage;
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', message);
      }
      const stored = await service.uploadFile(callerOf(request), file, declared.data);
      return ok({ url: stored.url, fileType: stored.kind }, stored.url);
    },
  );

  app.post(
    '/updateProfilePicture',
    {
      schema: {
        tags,
        security,
        summary: 'Replace the profile photo (multipart: file): cropped square, at most 800x800 WebP',
        consumes: ['multipart/form-data'],
        response: { 200: updateProfilePictureResponse, ...errors },
      },
      onRequest: app.requireUser,
      config: { rateLimit: { ...rateLimit, hook: 'preHandler' } },
    },
    async (request) => {
      const upload = await readMultipart(request, tempDir, (field) => (field === 'file' ? 'IMAGE' : null));
      const file = upload.files.file;
      if (!file) throw new AppError('INVALID_INPUT', uploadMessages.chooseFile);
      const url = await service.updateProfilePicture(callerOf(request), file);
      return ok({ profilePicUrl: url }, messages.profilePhotoUpdated);
    },
  );
};

/**
 * GET /uploads/<images|videos>/<name>: stored files with safe headers — the type the server gave the file,
 * nosniff, shown inline, cached for good (names are never reused), and byte ranges for video players.
 */
export const uploadsServeRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = app.fileStorage;

  app.get(
    '/uploads/:folder/:name',
    {
      schema: {
        hide: true,
        params: z.object({ folder: z.enum(['images', 'videos']), name: z.string().max(80) }),
      },
    },
    async (request, reply) => {
      const key = `${request.params.folder}/${request.params.name}`;
      const file = await storage.stat(key);
      if (!file) throw notFound(messages.notFound);
      const etag = `"${file.size.toString(16)}-${file.modifiedAt.getTime().toString(16)}"`;
      reply
        .header('content-type', contentTypeOfKey(key))
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header('last-modified', file.modifiedAt.toUTCString());
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const range = parseRange(request.headers.range, file.size);
      if (range === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${file.size}`).send();
      }
      const body = await storage.read(key, range ?? undefined);
      if (!body) throw notFound(messages.notFound);
      if (range) {
        reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
      }
      reply.header('content-length', range ? range.end - range.start + 1 : file.size);
      return reply.send(body);
    },
  );
};
