import {
  type AdminNoShowRequest,
  type AdminSessionDetails,
  type AdminSessionPage,
  type AdminSessionSummary,
  adminMoneyMessages,
} from '@myprosper/contract/admin-money';
import { type CallSummary, callMessages } from '@myprosper/contract/calls';
import { paymentMessages } from '@myprosper/contract/payments';
import type { BookingStatus } from '@myprosper/contract/sessions';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { AttendanceRepository, CallsRepository, type NoShowService } from '../calls/calls.door.ts';
import type { CancellationService } from '../payments/payments.door.ts';
import { effectiveStatus, isHoldingSlot, SessionsRepository } from '../sessions/sessions.door.ts';
import { LedgerRepository } from '../wallet/wallet.door.ts';
import { localRange } from './admin-dates.ts';
import { AuditLogRepository } from './audit-log.repository.ts';
import { AdminPaymentsRepository } from './payments.repository.ts';
import { toAdminPayment } from './payments.service.ts';
import { AdminSessionsRepository } from './sessions.repository.ts';

type SessionRow = Awaited<ReturnType<AdminSessionsRepository['search']>>['rows'][number];

export function toAdminSession(row: SessionRow, now: Date): AdminSessionSummary {
  const { holdExpiresAt, startsAt, endsAt, status, ...rest } = row;
  return {
    ...rest,
    status: effectiveStatus({ status, holdExpiresAt }, now),
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
  };
}

/** Sessions still to come that hold their slot, of a mentor or a mentee, soonest first. */
export async function listUpcomingSessions(
  db: DbOrTx,
  person: { mentorId?: number; adviseeId?: number },
  now = new Date(),
): Promise<AdminSessionSummary[]> {
  const { rows } = await new AdminSessionsRepository(db).search({
    ...person,
    upcomingAt: now,
    now,
    limit: 200,
    offset: 0,
  });
  return rows.map((row) => toAdminSession(row, now));
}

export interface AdminSessionSearch {
  person?: string;
  mentor?: string;
  mentorId?: number;
  adviseeId?: number;
  from?: string;
  to?: string;
  status?: BookingStatus;
  page: number;
  pageSize: number;
}

/** Sessions: search, details with their money and call, cancellation with refunds, no-show corrections. */
export class AdminSessionsService {
  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
    private readonly cancellation: CancellationService,
    private readonly noShows: NoShowService,
  ) {}

  async search(query: AdminSessionSearch, now = new Date()): Promise<AdminSessionPage> {
    const { from, to } = localRange(query.from, query.to, this.timeZone);
    const { rows, total } = await new AdminSessionsRepository(this.db).search({
      ...query,
      from,
      to,
      now,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return {
      items: rows.map((row) => toAdminSession(row, now)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async details(sessionId: number, now = new Date()): Promise<AdminSessionDetails> {
    const repository = new AdminSessionsRepository(this.db);
    const row = await repository.findOne(sessionId, now);
    if (!row) throw notFound(adminMoneyMessages.sessionNotFound);
    const [participants, payments, cancellation, settlement, escrow, call] = await Promise.all([
      new SessionsRepository(this.db).findParticipants([sessionId]),
      new AdminPaymentsRepository(this.db).search({ sessionId, limit: 100, offset: 0 }),
      repository.cancellationOf(sessionId),
      repository.settlementOf(sessionId),
      new LedgerRepository(this.db).sessionEscrow(sessionId),
      this.callSummary(sessionId),
    ]);
    const session = toAdminSession(row, now);
    return {
      ...session,
      participants: participants.map(({ sessionId: _session, ...participant }) => participant),
      payments: payments.rows.map(toAdminPayment),
      cancellation: cancellation && { ...cancellation, at: cancellation.at.toISOString() },
      settlement: settlement && { ...settlement, at: settlement.at.toISOString() },
      escrow,
      canCancel: isHoldingSlot(session.status) && row.startsAt > now,
      call,
    };
  }

  /**
   * Cancels for the platform through the payments feature's cancellation, as a mentor's cancellation: every
   * paid share back in full, everyone told. The audit row commits in the cancellation's transaction.
   */
  async cancel(admin: CurrentUser, sessionId: number, reason: string | undefined) {
    const before = await this.details(sessionId);
    if (!before.canCancel) throw invalid(paymentMessages.cancelInactive);
    const text = reason?.trim() || 'Cancelled by MyProsper';
    return this.cancellation.cancelForPlatform(admin, { sessionId, reason: text }, async (tx, result) => {
      await new AuditLogRepository(tx).record({
        actorId: admin.id,
        action: 'CANCEL_SESSION',
        entity: 'session',
        entityId: sessionId,
        before: { status: before.status, paymentStatus: before.paymentStatus, escrow: before.escrow },
        after: {
          status: 'CANCELLED',
          reason: text,
          refundedTotal: result.refundedTotal,
          forfeited: result.forfeited,
        },
      });
    });
  }

  /**
   * Corrects no-show decisions through the calls feature (a mentor made a no-show is refunded at once). The
   * audit row commits in the correction's transaction: both land, or neither.
   */
  async overrideNoShows(admin: CurrentUser, sessionId: number, input: AdminNoShowRequest) {
    const session = await new CallsRepository(this.db).findSession(sessionId);
    if (!session) throw notFound(adminMoneyMessages.sessionNotFound);
    const expected = await new AttendanceRepository(this.db).expectedPeople(sessionId);
    const people = input.people.map((change) => ({ userId: Number(change.userId), noShow: change.noShow }));
    for (const change of people) {
      if (!expected.some((person) => person.userId === change.userId)) {
        throw invalid(callMessages.notParticipant);
      }
    }
    const before = await this.callSummary(sessionId, true);
    let after = null as CallSummary | null;
    await this.noShows.override(session, admin.id, expected, { people }, new Date(), async (tx) => {
      after = await this.callSummary(sessionId, true, tx);
      await new AuditLogRepository(tx).record({
        actorId: admin.id,
        action: 'OVERRIDE_NO_SHOW',
        entity: 'session',
        entityId: sessionId,
        before: decisionsOf(before),
        after: decisionsOf(after),
      });
    });
    return after!;
  }

  /**
   * Who came to the call and the no-show decisions, as the calls feature records them (as `db` sees them);
   * null when the call was never touched (unless `evenIfUntouched`).
   */
  private async callSummary(
    sessionId: number,
    evenIfUntouched = false,
    db: DbOrTx = this.db,
  ): Promise<CallSummary | null> {
    // One after another: a transaction's queries share one connection.
    const attendance = new AttendanceRepository(db);
    const calls = new CallsRepository(db);
    const call = await calls.findCall(sessionId);
    const expected = await attendance.expectedPeople(sessionId);
    const rows = await attendance.attendance(sessionId);
    const callStatus = await calls.callStatusOf(sessionId);
    if (!call && rows.length === 0 && !evenIfUntouched) return null;
    const people = expected.map((person) => {
      const row = rows.find((r) => r.userId === person.userId);
      return {
        userId: person.userId,
        name: person.name,
        role: person.role,
        firstJoinedAt: row?.firstJoinedAt?.toISOString() ?? null,
        lastLeftAt: row?.lastLeftAt?.toISOString() ?? null,
        secondsInCall: row?.secondsInCall ?? 0,
        noShow: row?.noShow ?? null,
      };
    });
    const decided = call?.attendanceDecidedAt ?? null;
    return {
      sessionId,
      callStatus,
      startedAt: call?.startedAt?.toISOString() ?? null,
      endedAt: call?.endedAt?.toISOString() ?? null,
      mentorNoShow: call?.mentorNoShow ?? null,
      adviseeNoShow:
        decided || call?.overriddenAt ? people.some((p) => p.role === 'ADVISEE' && p.noShow === true) : null,
      decidedAt: decided?.toISOString() ?? null,
      overriddenAt: call?.overriddenAt?.toISOString() ?? null,
      people,
    };
  }
}

function decisionsOf(summary: CallSummary | null) {
  return {
    mentorNoShow: summary?.mentorNoShow ?? null,
    people: (summary?.people ?? []).map((p) => ({ userId: p.userId, noShow: p.noShow })),
  };
}
