import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';

/** Catalogue analytics: 'Topic Viewed' events, searches, and bookings that followed a view. */
export class InsightsRepository {
  constructor(private readonly db: DbOrTx) {}

  async viewsByWeek(from: Date, to: Date, timeZone: string) {
    const result = await this.db.execute<{ topic_id: number; week: string; views: number }>(sql`
      select topic_id, to_char(date_trunc('week', viewed_at at time zone ${timeZone}), 'YYYY-MM-DD') as week,
        count(*)::int as views
      from topic_view_events where viewed_at >= ${from} and viewed_at < ${to}
      group by 1, 2 order by 2, 1`);
    return result.rows.map((row) => ({
      topicId: Number(row.topic_id),
      weekStart: row.week,
      views: Number(row.views),
    }));
  }

  /**
   * Per program: views, signed-in viewers, viewers who then booked it (a session on it, created after their
   * first view in the period, with them attending), and all its bookings in the period (expired holds left out).
   */
  async programs(from: Date, to: Date) {
    const result = await this.db.execute<{
      id: number;
      name: string;
      is_live: boolean;
      views: number;
      viewers: number;
      viewers_who_booked: number;
      bookings: number;
    }>(sql`
      with v as (
        select topic_id, user_id, min(viewed_at) as first_view, count(*) as n
        from topic_view_events where viewed_at >= ${from} and viewed_at < ${to}
        group by topic_id, user_id
      )
      select t.id, t.name, t.is_live,
        coalesce((select sum(n) from v where v.topic_id = t.id), 0)::int as views,
        (select count(*) from v where v.topic_id = t.id and v.user_id is not null)::int as viewers,
        (select count(*) from v where v.topic_id = t.id and v.user_id is not null and exists (
          select 1 from sessions s join session_participants p on p.session_id = s.id
          where s.topic_id = t.id and p.advisee_id = v.user_id and s.status <> 'EXPIRED'
            and s.created_at >= v.first_view and s.created_at < ${to}))::int as viewers_who_booked,
        (select count(*) from sessions s where s.topic_id = t.id and s.status <> 'EXPIRED'
          and s.created_at >= ${from} and s.created_at < ${to})::int as bookings
      from topics t
      order by views desc, t.position, t.id`);
    return result.rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      isLive: row.is_live,
      views: Number(row.views),
      viewers: Number(row.viewers),
      viewersWhoBooked: Number(row.viewers_who_booked),
      bookings: Number(row.bookings),
    }));
  }

  /** Searches with no results, grouped by the text (case and spaces ignored), most frequent first. */
  async failedSearches(from: Date, to: Date, limit: number) {
    const result = await this.db.execute<{ query: string; count: number; last: Date | string }>(sql`
      select lower(trim(query)) as query, count(*)::int as count, max(searched_at) as last
      from topic_searches where hits = 0 and searched_at >= ${from} and searched_at < ${to}
      group by 1 order by 2 desc, 3 desc limit ${limit}`);
    return result.rows.map((row) => ({
      query: row.query,
      count: Number(row.count),
      lastSearchedAt: new Date(row.last).toISOString(),
    }));
  }
}
