import type { Db } from '../../db/connection.ts';
import type { RecurringJob } from '../../jobs/job-runner.ts';
import { type FileStorage, uploadsUrlPrefix } from '../../lib/stored-files.ts';
import { UploadsRepository } from './uploads.repository.ts';

export const orphanUploadsJobName = 'remove-orphan-uploads';

/** Uploads nothing points at are kept this long (a mentor may upload a video and save the profile later). */
export const orphanUploadAgeMs = 24 * 60 * 60_000;
const batchSize = 100;

/**
 * Removes files that were uploaded but never used, a day after their upload: an abandoned cropper upload, a
 * video chosen and never saved. A file counts as used while a profile photo, a mentor's video or a program
 * points at it. Each batch is one transaction: the rows are locked, the files removed from storage, then the
 * rows deleted, so a failed removal is tried again on the next run. Answers the keys removed.
 */
export async function removeOrphanUploads(db: Db, storage: FileStorage, now = new Date()): Promise<string[]> {
  const before = new Date(now.getTime() - orphanUploadAgeMs);
  const removed: string[] = [];
  for (;;) {
    const candidates = await new UploadsRepository(db).listUnreferenced(before, uploadsUrlPrefix, batchSize);
    const batch = await db.transaction(async (tx) => {
      const uploads = new UploadsRepository(tx);
      const keys = await uploads.lockUnreferenced(candidates, uploadsUrlPrefix);
      for (const key of keys) await storage.remove(key);
      await uploads.forgetAll(keys);
      return keys;
    });
    removed.push(...batch);
    if (candidates.length < batchSize || batch.length === 0) return removed;
  }
}

export function orphanUploadsJob(db: Db, storage: FileStorage, cron: string): RecurringJob {
  return {
    name: orphanUploadsJobName,
    cron,
    async run() {
      await removeOrphanUploads(db, storage);
    },
  };
}
