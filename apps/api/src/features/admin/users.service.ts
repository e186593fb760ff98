import {
  type AccountStatus,
  type AdminUserDetails,
  type AdminUserPage,
  adminPeopleMessages,
  type ManagedRole,
} from '@myprosper/contract/admin-people';
import type { Db } from '../../db/connection.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { LedgerRepository } from '../wallet/wallet.door.ts';
import { AuditLogRepository } from './audit-log.repository.ts';
import { listUpcomingSessions } from './sessions.service.ts';
import { AdminUsersRepository } from './users.repository.ts';

/**
 * Mentors and advisees: search, view, suspend and reactivate. A suspended person cannot sign in and their
 * tokens stop working; a suspended mentor is out of every public list and cannot be booked (both read only
 * ACTIVE mentors). Their sessions still to come are listed for the admin to handle.
 */
export class AdminUsersService {
  constructor(private readonly db: Db) {}

  async search(filter: {
    role: ManagedRole;
    query?: string;
    status?: AccountStatus;
    page: number;
    pageSize: number;
  }): Promise<AdminUserPage> {
    const { rows, total } = await new AdminUsersRepository(this.db).search({
      ...filter,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return {
      items: rows.map((row) => ({
        ...row,
        role: row.role as ManagedRole,
        createdAt: row.createdAt.toISOString(),
      })),
      total,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }

  async details(id: number): Promise<AdminUserDetails> {
    const repository = new AdminUsersRepository(this.db);
    const row = await repository.find(id);
    if (!row) throw notFound(adminPeopleMessages.userNotFound);
    const isMentor = row.role === 'ADVISOR';
    const [topics, payoutMethod, walletBalance, upcomingSessions, suspension] = await Promise.all([
      isMentor ? repository.topicsOf(id) : Promise.resolve([]),
      isMentor ? repository.payoutMethodOf(id) : Promise.resolve(null),
      new LedgerRepository(this.db).walletBalance(id),
      listUpcomingSessions(this.db, isMentor ? { mentorId: id } : { adviseeId: id }),
      row.status === 'SUSPENDED'
        ? new AuditLogRepository(this.db).latest('user', id, 'SUSPEND_USER')
        : Promise.resolve(null),
    ]);
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      phoneNumber: row.phoneNumber,
      role: row.role as ManagedRole,
      status: row.status,
      profilePicUrl: row.profilePicUrl,
      sessionCount: row.sessionCount,
      createdAt: row.createdAt.toISOString(),
      gender: row.gender,
      dob: row.dob,
      country: row.country,
      occupation: row.occupation,
      linkedInUrl: row.linkedInUrl,
      industry: row.industryId === null ? null : { id: row.industryId, name: row.industryName ?? '' },
      mentor: isMentor
        ? {
            biography: row.biography ?? '',
            favouriteQuote: row.favouriteQuote ?? '',
            videoURL: row.videoUrl,
            topics,
            rating:
              row.ratingAverage === null ? null : { average: row.ratingAverage, count: row.ratingCount ?? 0 },
            payoutMethod,
          }
        : null,
      walletBalance,
      upcomingSessions,
      suspension: suspension && {
        reason: (suspension.after as { reason?: string | null } | null)?.reason ?? null,
        at: suspension.at.toISOString(),
      },
    };
  }

  async suspend(admin: CurrentUser, id: number, reason: string | null): Promise<AdminUserDetails> {
    await this.changeStatus(admin, id, 'SUSPENDED', reason);
    return this.details(id);
  }

  async reactivate(admin: CurrentUser, id: number): Promise<AdminUserDetails> {
    await this.changeStatus(admin, id, 'ACTIVE', null);
    return this.details(id);
  }

  private async changeStatus(
    admin: CurrentUser,
    id: number,
    status: 'ACTIVE' | 'SUSPENDED',
    reason: string | null,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const repository = new AdminUsersRepository(tx);
      const user = await repository.lock(id);
      if (!user) throw notFound(adminPeopleMessages.userNotFound);
      if (status === 'SUSPENDED' && user.status !== 'ACTIVE') {
        throw new AppError(
          'CONFLICT',
          user.status === 'SUSPENDED' ? adminPeopleMessages.alreadySuspended : adminPeopleMessages.notActive,
        );
      }
      if (status === 'ACTIVE' && user.status !== 'SUSPENDED') {
        throw new AppError('CONFLICT', adminPeopleMessages.notSuspended);
      }
      await repository.setStatus(id, status);
      await new AuditLogRepository(tx).record({
        actorId: admin.id,
        action: status === 'SUSPENDED' ? 'SUSPEND_USER' : 'REACTIVATE_USER',
        entity: 'user',
        entityId: id,
        before: { status: user.status, tokenVersion: user.tokenVersion },
        after:
          status === 'SUSPENDED'
            ? { status, tokenVersion: user.tokenVersion + 1, reason }
            : { status, tokenVersion: user.tokenVersion },
      });
    });
  }
}
