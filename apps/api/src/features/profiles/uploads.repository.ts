import { and, asc, eq, gte, inArray, lt, not, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { advisorProfiles, topics } from '../../db/schema/catalogue.ts';
import { uploadedFiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import type { StoredFile } from '../../lib/uploads.ts';

/** Whether a profile, a mentor's video or a program points at the file (by its address: urlPrefix + key). */
function isReferenced(db: DbOrTx, urlPrefix: string): SQL {
  const url = sql`${urlPrefix} || ${uploadedFiles.key}`;
  const pictures = db.select({ one: sql`1` }).from(users).where(eq(users.profilePicUrl, url));
  const videos = db.select({ one: sql`1` }).from(advisorProfiles).where(eq(advisorProfiles.videoUrl, url));
  const programs = db
    .select({ one: sql`1` })
    .from(topics)
    .where(or(eq(topics.imgUrl, url), eq(topics.videoUrl, url)));
  return sql`(exists ${pictures} or exists ${videos} or exists ${programs})`;
}

/** Who uploaded which stored file. */
export class UploadsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** `origin`: who sent an anonymous upload (the address, and the applicant's e-mail), for the daily budget. */
  async record(
    file: StoredFile,
    ownerId: number,
    origin?: { address: string; email: string },
  ): Promise<void> {
    await this.db.insert(uploadedFiles).values({
      key: file.key,
      ownerId,
      kind: file.kind,
      contentType: file.contentType,
      sizeBytes: file.size,
      ...(origin ? { uploadedFrom: origin.address, uploadedForEmail: origin.email.toLowerCase() } : {}),
    });
  }

  /**
   * Holds the budget of this address and this e-mail until the transaction ends (transaction-level advisory
   * locks), so two uploads at once are counted one after the other.
   */
  async lockBudget(address: string, email: string): Promise<void> {
    for (const key of [`upload-from|${address}`, `upload-for|${email.toLowerCase()}`]) {
      await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    }
  }

  /** Bytes stored by anonymous uploads since `since`, from this address and for this e-mail. */
  async anonymousBytesSince(since: Date, address: string, email: string | null) {
    const total = (where: SQL | undefined) =>
      this.db
        .select({ bytes: sql<string>`coalesce(sum(${uploadedFiles.sizeBytes}), 0)` })
        .from(uploadedFiles)
        .where(and(where, gte(uploadedFiles.createdAt, since)));
    const [[fromAddress], [forEmail]] = await Promise.all([
      total(eq(uploadedFiles.uploadedFrom, address)),
      email === null
        ? Promise.resolve([{ bytes: '0' }])
        : total(eq(uploadedFiles.uploadedForEmail, email.toLowerCase())),
    ]);
    return { fromAddress: Number(fromAddress?.bytes ?? 0), forEmail: Number(forEmail?.bytes ?? 0) };
  }

  /**
   * Whether the owner uploaded this file of this kind. The row is locked (shared) until the transaction ends,
   * so the orphan clean-up cannot remove a file a profile is about to point at.
   */
  async isOwnedBy(key: string, ownerId: number, kind: StoredFile['kind']): Promise<boolean> {
    const [row] = await this.db
      .select({ key: uploadedFiles.key })
      .from(uploadedFiles)
      .where(
        and(eq(uploadedFiles.key, key), eq(uploadedFiles.ownerId, ownerId), eq(uploadedFiles.kind, kind)),
      )
      .for('share')
      .limit(1);
    return row !== undefined;
  }

  /** Keys of files uploaded before `before` that nothing points at, oldest first. */
  async listUnreferenced(before: Date, urlPrefix: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ key: uploadedFiles.key })
      .from(uploadedFiles)
      .where(and(lt(uploadedFiles.createdAt, before), not(isReferenced(this.db, urlPrefix))))
      .orderBy(asc(uploadedFiles.createdAt))
      .limit(limit);
    return rows.map((row) => row.key);
  }

  /**
   * Locks these files' rows (skipping any a profile change holds) and answers those still unreferenced,
   * checked after the lock in a statement of its own, so a profile that took one meanwhile keeps it.
   * Call inside a transaction; delete them with forgetAll.
   */
  async lockUnreferenced(keys: readonly string[], urlPrefix: string): Promise<string[]> {
    if (keys.length === 0) return [];
    const locked = await this.db
      .select({ key: uploadedFiles.key })
      .from(uploadedFiles)
      .where(inArray(uploadedFiles.key, [...keys]))
      .for('update', { skipLocked: true });
    if (locked.length === 0) return [];
    const rows = await this.db
      .select({ key: uploadedFiles.key })
      .from(uploadedFiles)
      .where(
        and(
          inArray(
            uploadedFiles.key,
            locked.map((row) => row.key),
          ),
          not(isReferenced(this.db, urlPrefix)),
        ),
      );
    return rows.map((row) => row.key);
  }

  async forgetAll(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.db.delete(uploadedFiles).where(inArray(uploadedFiles.key, [...keys]));
  }

  /** Forgets a file of this owner; true when there was one (so the caller may remove it from storage). */
  async forget(key: string, ownerId: number): Promise<boolean> {
    const rows = await this.db
      .delete(uploadedFiles)
      .where(and(eq(uploadedFiles.key, key), eq(uploadedFiles.ownerId, ownerId)))
      .returning({ key: uploadedFiles.key });
    return rows.length > 0;
  }
}
