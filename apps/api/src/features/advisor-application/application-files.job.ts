import {
  rejectedApplicationFilesDays,
  unconfirmedApplicationFilesHours,
} from '@myprosper/contract/verification';
import type { Db } from '../../db/connection.ts';
import type { RecurringJob } from '../../jobs/job-runner.ts';
import type { FileStorage } from '../../lib/stored-files.ts';
import { removeOwnUploads } from '../profiles/profiles.door.ts';
import { ApplicationFilesRepository } from './application.repository.ts';

export const applicationFilesJobName = 'remove-application-files';
const batchSize = 50;

/**
 * Removes the photo and video of mentor applications nobody will review: those whose e-mail was not confirmed
 * within 24 hours of applying, and those rejected 30 days ago or more. The account, its profile answers and
 * every application row stay (the admin's history); only the files go. Each applicant is one transaction that
 * takes the files off the account, and they are removed from storage once it is committed. Safe to run twice.
 * Answers the applicants whose files were removed.
 */
export async function removeApplicationFiles(
  db: Db,
  storage: FileStorage,
  now = new Date(),
): Promise<number[]> {
  const unconfirmedBefore = new Date(now.getTime() - unconfirmedApplicationFilesHours * 3600_000);
  const rejectedBefore = new Date(now.getTime() - rejectedApplicationFilesDays * 24 * 3600_000);
  const done: number[] = [];
  for (;;) {
    const ids = await new ApplicationFilesRepository(db).listExpired(
      unconfirmedBefore,
      rejectedBefore,
      batchSize,
    );
    let progress = false;
    for (const id of ids) {
      const urls = await db.transaction((tx) =>
        new ApplicationFilesRepository(tx).takeExpiredFiles(id, unconfirmedBefore, rejectedBefore),
      );
      if (!urls) continue;
      await removeOwnUploads(db, storage, id, urls);
      done.push(id);
      progress = true;
    }
    if (ids.length < batchSize || !progress) return done;
  }
}

export function applicationFilesJob(db: Db, storage: FileStorage, cron: string): RecurringJob {
  return {
    name: applicationFilesJobName,
    cron,
    async run() {
      await removeApplicationFiles(db, storage);
    },
  };
}
