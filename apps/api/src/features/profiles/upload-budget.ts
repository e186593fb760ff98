import { uploadMessages } from '@myprosper/contract/uploads';
import type { DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { UploadsRepository } from './uploads.repository.ts';

const dayMs = 24 * 60 * 60_000;

/** Who sends an anonymous upload (the mentor application): the client's address and the applicant's e-mail. */
export interface UploadOrigin {
  address: string;
  email: string;
}

/**
 * The daily byte budget of anonymous uploads: what the last 24 hours stored from one address, and for one
 * applicant e-mail, plus `adding`, must stay within `budget` bytes each; else 429 'Too many files were sent
 * today…'. Call inside the transaction that records the files: the budget stays locked until it ends, so
 * uploads sent at once cannot overspend it together. With `adding` 0 (and no e-mail yet) it is the cheap check
 * made before a request's files are read.
 */
export async function assertUploadBudget(
  db: DbOrTx,
  origin: { address: string; email: string | null },
  adding: number,
  budget: number,
  now = new Date(),
): Promise<void> {
  const uploads = new UploadsRepository(db);
  if (origin.email !== null && adding > 0) await uploads.lockBudget(origin.address, origin.email);
  const used = await uploads.anonymousBytesSince(
    new Date(now.getTime() - dayMs),
    origin.address,
    origin.email,
  );
  const limit = adding > 0 ? budget : budget - 1;
  if (used.fromAddress + adding > limit || used.forEmail + adding > limit) {
    throw new AppError('TOO_MANY_REQUESTS', uploadMessages.dailyBudgetUsed);
  }
}
