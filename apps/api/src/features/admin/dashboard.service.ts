import type { AdminDashboard } from '@myprosper/contract/admin-insights';
import { localDateTimeOf } from '@myprosper/contract/slots';
import type { Db } from '../../db/connection.ts';
import { daysBefore, mondayOf, startOfLocalDay } from './admin-dates.ts';
import { DashboardRepository } from './dashboard.repository.ts';
import { AdminPaymentsRepository } from './payments.repository.ts';

export const dashboardWeeks = 12;

/** The figures of the admin's first screen, in the platform's time zone. */
export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly settings: { timeZone: string; stuckAfterSeconds: number },
  ) {}

  async get(now = new Date()): Promise<AdminDashboard> {
    const { timeZone } = this.settings;
    const repository = new DashboardRepository(this.db);
    const today = localDateTimeOf(now, timeZone).date;
    const monday = mondayOf(today);
    const monthStart = `${today.slice(0, 7)}-01`;
    const [year, month] = today.split('-').map(Number) as [number, number];
    const nextMonthStart =
      month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
    const firstWeek = daysBefore(monday, 7 * (dashboardWeeks - 1));
    const at = (date: string) => startOfLocalDay(date, timeZone);
    const [
      sessionsToday,
      sessionsThisWeek,
      revenueThisMonth,
      commissionThisMonth,
      pendingApplications,
      stuckPayments,
      noShows,
      bookings,
      revenue,
    ] = await Promise.all([
      repository.confirmedSessionsBetween(at(today), at(daysBefore(today, -1))),
      repository.confirmedSessionsBetween(at(monday), at(daysBefore(monday, -7))),
      repository.revenueBetween(at(monthStart), at(nextMonthStart)),
      repository.commissionBetween(at(monthStart), at(nextMonthStart)),
      repository.pendingApplications(),
      new AdminPaymentsRepository(this.db).countStuck(
        new Date(now.getTime() - this.settings.stuckAfterSeconds * 1000),
      ),
      repository.noShowsBetween(at(monthStart), at(nextMonthStart)),
      repository.bookingsByWeek(at(firstWeek), timeZone),
      repository.revenueByWeek(at(firstWeek), timeZone),
    ]);
    const weeks = Array.from({ length: dashboardWeeks }, (_, index) => {
      const weekStart = daysBefore(firstWeek, -7 * index);
      return {
        weekStart,
        bookings: bookings.find((row) => row.week === weekStart)?.bookings ?? 0,
        revenue: revenue.find((row) => row.week === weekStart)?.revenue ?? 0,
      };
    });
    return {
      timeZone,
      sessionsToday,
      sessionsThisWeek,
      month: today.slice(0, 7),
      revenueThisMonth,
      commissionThisMonth,
      pendingApplications,
      stuckPayments,
      noShows,
      weeks,
    };
  }
}
