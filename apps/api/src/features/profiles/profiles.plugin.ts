import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createEmailLinks } from '../auth/auth.door.ts';
import { advisorSettingsRoutes } from './advisor-settings.routes.ts';
import type { CancelAsMentor } from './advisor-settings.service.ts';
import { helpRoutes } from './help.routes.ts';
import { orphanUploadsJob } from './orphan-uploads.job.ts';
import { payoutMethodsRoutes } from './payout-methods.routes.ts';
import { profilesRoutes } from './profiles.routes.ts';
import { ProfilesService } from './profiles.service.ts';
import { uploadsRoutes } from './uploads.routes.ts';

/**
 * Profiles, under the prefix it is registered with (/myprosper/api): one's own profile and uploads, a mentor's
 * settings and payout methods, help requests; the job that removes uploads nobody refers to. `cancelAsMentor` (payments' cancellation, from app.ts) cancels
 * booked sessions in hours a mentor takes away, when they choose to. (Stored files
 * are served by uploadsServeRoutes, registered apart at /uploads.)
 */
export const profilesPlugin: FastifyPluginAsyncZod<{ cancelAsMentor: CancelAsMentor }> = async (
  app,
  { cancelAsMentor },
) => {
  const profiles = new ProfilesService(app.db.db, app.fileStorage, createEmailLinks(app));
  app.jobs.define(orphanUploadsJob(app.db.db, app.fileStorage, app.env.ORPHAN_UPLOADS_CRON));
  await app.register(profilesRoutes, { profiles });
  await app.register(uploadsRoutes, { profiles });
  await app.register(advisorSettingsRoutes, { cancelAsMentor });
  await app.register(payoutMethodsRoutes);
  await app.register(helpRoutes);
};
