import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';

/** Money paid into sessions less refunds: the escrow's SESSION_PAYMENT and REFUND lines. */
const revenueLines = sql`
  from ledger_entries e
  join ledger_accounts a on a.id = e.account_id and a.code = 'SESSION_ESCROW'
  join ledger_transactions t on t.id = e.transaction_id and t.kind in ('SESSION_PAYMENT', 'REFUND')`;

/** The dashboard's figures, each one query. */
export class DashboardRepository {
  constructor(private readonly db: DbOrTx) {}

  async confirmedSessionsBetween(from: Date, to: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.status, 'CONFIRMED'), gte(sessions.startsAt, from), lt(sessions.startsAt, to)));
    return row?.n ?? 0;
  }

  async revenueBetween(from: Date, to: Date): Promise<number> {
    const result = await this.db.execute<{ total: number }>(sql`
      select coalesce(sum(e.amount), 0)::int as total ${revenueLines}
      where e.created_at >= ${from} and e.created_at < ${to}`);
    return Number(result.rows[0]?.total ?? 0);
  }

  async commissionBetween(from: Date, to: Date): Promise<number> {
    const result = await this.db.execute<{ total: number }>(sql`
      select coalesce(sum(e.amount), 0)::int as total
      from ledger_entries e join ledger_accounts a on a.id = e.account_id and a.code = 'COMMISSION'
      where e.created_at >= ${from} and e.created_at < ${to}`);
    return Number(result.rows[0]?.total ?? 0);
  }

  async pendingApplications(): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'ADVISOR'), eq(users.status, 'PENDING_REVIEW')));
    return row?.n ?? 0;
  }

  /** Mentor and mentee no-shows of sessions that started in [from, to). */
  async noShowsBetween(from: Date, to: Date): Promise<{ mentors: number; mentees: number }> {
    const result = await this.db.execute<{ mentors: number; mentees: number }>(sql`
      select
        (select count(*) from calls c join sessions s on s.id = c.session_id
          where c.mentor_no_show and s.starts_at >= ${from} and s.starts_at < ${to})::int as mentors,
        (select count(*) from call_attendance ca join sessions s on s.id = ca.session_id
          where ca.role = 'ADVISEE' and ca.no_show and s.starts_at >= ${from} and s.starts_at < ${to})::int as mentees`);
    const row = result.rows[0];
    return { mentors: Number(row?.mentors ?? 0), mentees: Number(row?.mentees ?? 0) };
  }

  /** Paid sessions booked per week (Monday, in the time zone) since `from`. */
  async bookingsByWeek(from: Date, timeZone: string) {
    const result = await this.db.execute<{ week: string; bookings: number }>(sql`
      select to_char(date_trunc('week', created_at at time zone ${timeZone}), 'YYYY-MM-DD') as week,
        count(*)::int as bookings
      from sessions where payment_status = 'PAID' and created_at >= ${from}
      group by 1`);
    return result.rows.map((row) => ({ week: row.week, bookings: Number(row.bookings) }));
  }

  async revenueByWeek(from: Date, timeZone: string) {
    const result = await this.db.execute<{ week: string; revenue: number }>(sql`
      select to_char(date_trunc('week', e.created_at at time zone ${timeZone}), 'YYYY-MM-DD') as week,
        coalesce(sum(e.amount), 0)::int as revenue
      ${revenueLines}
      where e.created_at >= ${from}
      group by 1`);
    return result.rows.map((row) => ({ week: row.week, revenue: Number(row.revenue) }));
  }
}
