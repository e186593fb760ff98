import {
  type AdminProgram,
  adminCatalogueMessages,
  defaultProgramImage,
  type programRequest,
} from '@myprosper/contract/admin-catalogue';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { pgErrorOf, uniqueViolation } from '../../db/database-errors.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import type { FileStorage } from '../../lib/stored-files.ts';
import type { ReceivedFile } from '../../lib/uploads.ts';
import { removeStored, storeImage } from '../../lib/uploads.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { AuditLogRepository } from './audit-log.repository.ts';
import { isPermutation } from './content.service.ts';
import { AdminProgramsRepository } from './programs.repository.ts';

export type ProgramInput = z.output<typeof programRequest>;
type ProgramRow = NonNullable<Awaited<ReturnType<AdminProgramsRepository['find']>>>;

function toProgram(row: ProgramRow, tips: string[]): AdminProgram {
  const { videoUrl, createdAt, ...rest } = row;
  return { ...rest, videoURL: videoUrl, tips, createdAt: createdAt.toISOString() };
}

/** What the audit log keeps of a program. */
function snapshot(program: AdminProgram) {
  const { sessionCount: _s, mentorCount: _m, createdAt: _c, ...rest } = program;
  return rest;
}

/**
 * Programs: create, edit (tips included), order, publish and unpublish, image upload, delete. A program
 * with sessions (or vouchers) is never deleted, only unpublished. Every change is audited in its transaction.
 */
export class AdminProgramsService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

  async list(): Promise<AdminProgram[]> {
    const repository = new AdminProgramsRepository(this.db);
    const rows = await repository.list();
    const tips = await repository.tipsOf(rows.map((row) => row.id));
    return rows.map((row) =>
      toProgram(
        row,
        tips.filter((tip) => tip.topicId === row.id).map((tip) => tip.name),
      ),
    );
  }

  async get(id: number, db: DbOrTx = this.db): Promise<AdminProgram> {
    const repository = new AdminProgramsRepository(db);
    const row = await repository.find(id);
    if (!row) throw notFound(adminCatalogueMessages.programNotFound);
    const tips = await repository.tipsOf([id]);
    return toProgram(
      row,
      tips.map((tip) => tip.name),
    );
  }

  async create(admin: CurrentUser, input: ProgramInput): Promise<AdminProgram> {
    return this.write(async (tx) => {
      const repository = new AdminProgramsRepository(tx);
      const id = await repository.insert({
        name: input.name,
        tagLine: input.tagLine,
        videoUrl: input.videoURL,
        imgUrl: input.imgUrl ?? defaultProgramImage,
        isLive: input.isLive,
      });
      await repository.replaceTips(id, input.tips);
      const created = await this.get(id, tx);
      await this.audit(tx, admin, 'CREATE_PROGRAM', id, null, snapshot(created));
      return created;
    });
  }

  async update(admin: CurrentUser, id: number, input: ProgramInput): Promise<AdminProgram> {
    return this.write(async (tx) => {
      const repository = new AdminProgramsRepository(tx);
      if (!(await repository.lock(id))) throw notFound(adminCatalogueMessages.programNotFound);
      const before = await this.get(id, tx);
      await repository.update(id, {
        name: input.name,
        tagLine: input.tagLine,
        videoUrl: input.videoURL,
        isLive: input.isLive,
        ...(input.imgUrl ? { imgUrl: input.imgUrl } : {}),
      });
      await repository.replaceTips(id, input.tips);
      const after = await this.get(id, tx);
      await this.audit(tx, admin, 'UPDATE_PROGRAM', id, snapshot(before), snapshot(after));
      return after;
    });
  }

  async setLive(admin: CurrentUser, id: number, isLive: boolean): Promise<AdminProgram> {
    return this.write(async (tx) => {
      const repository = new AdminProgramsRepository(tx);
      if (!(await repository.lock(id))) throw notFound(adminCatalogueMessages.programNotFound);
      const before = await this.get(id, tx);
      await repository.update(id, { isLive });
      await this.audit(
        tx,
        admin,
        isLive ? 'PUBLISH_PROGRAM' : 'UNPUBLISH_PROGRAM',
        id,
        { isLive: before.isLive },
        { isLive },
      );
      return this.get(id, tx);
    });
  }

  /** Sets the order of every program: `ids` must list each exactly once. */
  async reorder(admin: CurrentUser, ids: readonly number[]): Promise<AdminProgram[]> {
    await this.db.transaction(async (tx) => {
      const repository = new AdminProgramsRepository(tx);
      const current = await repository.lockOrder();
      if (!isPermutation(ids, current)) throw invalid(adminCatalogueMessages.orderMismatch);
      for (const [position, id] of ids.entries()) await repository.setPosition(id, position);
      await this.audit(tx, admin, 'ORDER_PROGRAMS', null, { ids: current }, { ids });
    });
    return this.list();
  }

  /** Stores an uploaded image (re-encoded WebP, at most 800x800) as the program's picture. */
  async setImage(admin: CurrentUser, id: number, file: ReceivedFile): Promise<AdminProgram> {
    const stored = await storeImage(this.storage, file, { square: false });
    try {
      return await this.write(async (tx) => {
        const repository = new AdminProgramsRepository(tx);
        if (!(await repository.lock(id))) throw notFound(adminCatalogueMessages.programNotFound);
        const before = await this.get(id, tx);
        await repository.update(id, { imgUrl: stored.url });
        await this.audit(
          tx,
          admin,
          'SET_PROGRAM_IMAGE',
          id,
          { imgUrl: before.imgUrl },
          { imgUrl: stored.url },
        );
        return this.get(id, tx);
      });
    } catch (error) {
      await removeStored(this.storage, [stored.key]);
      throw error;
    }
  }

  /**
   * Deletes a program nobody booked (409 otherwise); mentors who gave it no longer do. Its stored picture is
   * kept (a path may be shared; the audit row keeps it).
   */
  async delete(admin: CurrentUser, id: number): Promise<void> {
    await this.write(async (tx) => {
      const repository = new AdminProgramsRepository(tx);
      if (!(await repository.lock(id))) throw notFound(adminCatalogueMessages.programNotFound);
      if ((await repository.countSessions(id)) > 0) {
        throw new AppError('CONFLICT', adminCatalogueMessages.programHasSessions);
      }
      if (await repository.hasVouchers(id))
        throw new AppError('CONFLICT', adminCatalogueMessages.programHasVouchers);
      const before = await this.get(id, tx);
      const mentors = await repository.mentorsOf(id);
      await repository.delete(id);
      await this.audit(tx, admin, 'DELETE_PROGRAM', id, { ...snapshot(before), mentorIds: mentors }, null);
    });
  }

  /** Runs a change in a transaction; a taken name becomes a 409 people understand. */
  private async write<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (error) {
      const info = pgErrorOf(error);
      if (info?.code === uniqueViolation && info.constraint === 'topics_name_unique') {
        throw new AppError('CONFLICT', adminCatalogueMessages.duplicateProgram);
      }
      throw error;
    }
  }

  private async audit(
    tx: DbOrTx,
    admin: CurrentUser,
    action: string,
    entityId: number | null,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    await new AuditLogRepository(tx).record({
      actorId: admin.id,
      action,
      entity: 'topic',
      entityId,
      before,
      after,
    });
  }
}
