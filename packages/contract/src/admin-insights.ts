import { z } from 'zod';
import { adminDate } from './admin.ts';
import { envelope } from './common.ts';

/** The admin console's dashboard and insights. */

/** One week of the dashboard chart (weeks start on Monday, platform time zone). */
export const weekFigures = z.object({
  /** yyyy-MM-dd, the Monday */
  weekStart: z.string(),
  /** Sessions booked that week and paid (confirmed, or cancelled after payment). */
  bookings: z.number().int(),
  /** Money paid into sessions that week less what was refunded that week, integer KES. */
  revenue: z.number().int(),
});
export type WeekFigures = z.infer<typeof weekFigures>;

/** GET /myprosper/api/admin/dashboard */
export const adminDashboard = z.object({
  timeZone: z.string(),
  /** Confirmed sessions starting today / this week (Monday to Sunday). */
  sessionsToday: z.number().int(),
  sessionsThisWeek: z.number().int(),
  /** yyyy-MM of the figures below. */
  month: z.string(),
  /** Paid into sessions this month, less refunds this month (ledger), integer KES. */
  revenueThisMonth: z.number().int(),
  /** What the platform kept this month (the COMMISSION account), integer KES. */
  commissionThisMonth: z.number().int(),
  pendingApplications: z.number().int(),
  /** Payments still PENDING after the time a provider normally answers in. */
  stuckPayments: z.number().int(),
  /** No-shows decided this month: mentors who did not come, and mentees who did not. */
  noShows: z.object({ mentors: z.number().int(), mentees: z.number().int() }),
  /** The last 12 weeks, oldest first. */
  weeks: z.array(weekFigures),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;
export const adminDashboardResponse = envelope(adminDashboard);

/** GET /myprosper/api/admin/insights?from=yyyy-MM-dd&to=yyyy-MM-dd (12 weeks up to today by default) */
export const insightsQuery = z.object({
  from: adminDate.optional(),
  to: adminDate.optional(),
});
export type InsightsQuery = z.input<typeof insightsQuery>;

export const programInsight = z.object({
  id: z.number().int(),
  name: z.string(),
  isLive: z.boolean(),
  /** 'Topic Viewed' events in the period. */
  views: z.number().int(),
  /** Signed-in people who viewed it. */
  viewers: z.number().int(),
  /** Of those, how many booked a session on it after viewing it (in the period). */
  viewersWhoBooked: z.number().int(),
  /** viewersWhoBooked / viewers, 0 to 1; null without signed-in viewers. */
  conversion: z.number().nullable(),
  /** Sessions booked on it in the period (any status but expired holds). */
  bookings: z.number().int(),
});
export type ProgramInsight = z.infer<typeof programInsight>;

export const adminInsights = z.object({
  from: z.string(),
  to: z.string(),
  /** Mondays of the weeks in the period, oldest first. */
  weeks: z.array(z.string()),
  /** 'Topic Viewed' counts per program and week (only weeks with views). */
  viewsByWeek: z.array(
    z.object({ topicId: z.number().int(), weekStart: z.string(), views: z.number().int() }),
  ),
  programs: z.array(programInsight),
  /** Searches that found nothing, most frequent first. */
  failedSearches: z.array(
    z.object({ query: z.string(), count: z.number().int(), lastSearchedAt: z.string() }),
  ),
});
export type AdminInsights = z.infer<typeof adminInsights>;
export const adminInsightsResponse = envelope(adminInsights);
