import type { AdminInsights } from '@myprosper/contract/admin-insights';
import { localDateTimeOf } from '@myprosper/contract/slots';
import type { Db } from '../../db/connection.ts';
import { invalid } from '../../lib/errors.ts';
import { daysBefore, localRange, mondayOf } from './admin-dates.ts';
import { InsightsRepository } from './insights.repository.ts';

const defaultWeeks = 12;
const maxDays = 370;

/** 'Topic Viewed' per program over time, searches that found nothing, and views that became bookings. */
export class InsightsService {
  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
  ) {}

  async get(query: { from?: string; to?: string }, now = new Date()): Promise<AdminInsights> {
    const today = localDateTimeOf(now, this.timeZone).date;
    const to = query.to ?? today;
    const from = query.from ?? daysBefore(mondayOf(to), 7 * (defaultWeeks - 1));
    if (from > to) throw invalid('The start date must be before the end date');
    if (from < daysBefore(to, maxDays)) throw invalid('Please choose at most a year');
    const range = localRange(from, to, this.timeZone);
    const repository = new InsightsRepository(this.db);
    const [viewsByWeek, programs, failedSearches] = await Promise.all([
      repository.viewsByWeek(range.from!, range.to!, this.timeZone),
      repository.programs(range.from!, range.to!),
      repository.failedSearches(range.from!, range.to!, 50),
    ]);
    const weeks: string[] = [];
    for (let week = mondayOf(from); week <= to; week = daysBefore(week, -7)) weeks.push(week);
    return {
      from,
      to,
      weeks,
      viewsByWeek,
      programs: programs.map((program) => ({
        ...program,
        conversion: program.viewers === 0 ? null : program.viewersWhoBooked / program.viewers,
      })),
      failedSearches,
    };
  }
}
