import type { AdvisorFilters, TimeBand, TopicRef } from '@myprosper/contract/catalogue';
import { isoWeekdayOfName } from '@myprosper/contract/dates';
import { and, asc, desc, eq, exists, gt, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { preparedOnce } from '../../db/prepared.ts';
import {
  advisorAvailability,
  advisorLanguages,
  advisorProfiles,
  advisorTopics,
  industries,
} from '../../db/schema/catalogue.ts';
import { advisorRatings } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import type { WeeklyHourRow } from './session-availability.ts';

/** The hours a time band covers: a mentor matches it with a slot starting at fromHour <= h < toHour. */
export function timeBandHours(band: TimeBand): { fromHour: number; toHour: number } {
  const [from = '0', to = '0'] = band.split('-');
  return { fromHour: Number(from.slice(0, 2)), toHour: Number(to.slice(0, 2)) };
}

// Topics (live only, in the mentor's order) and languages, aggregated in the same query as the mentor.
const topicsJson = sql<TopicRef[]>`coalesce((
  select json_agg(json_build_object('id', t.id, 'name', t.name, 'tagLine', t.tag_line) order by atp.position, t.id)
  from advisor_topics atp join topics t on t.id = atp.topic_id
  where atp.advisor_id = users.id and t.is_live), '[]'::json)`;

const languagesJson = sql<string[]>`coalesce((
  select json_agg(l.name order by l.id)
  from advisor_languages al join languages l on l.id = al.language_id
  where al.advisor_id = users.id), '[]'::json)`;

// A mentor's weekly hours, aggregated in the same query as the mentor.
const weeklyHoursJson = sql<WeeklyHourRow[]>`coalesce((
  select json_agg(json_build_object('dayOfWeek', h.day_of_week, 'startHour', h.start_hour)
                  order by h.day_of_week, h.start_hour)
  from advisor_availability h where h.advisor_id = users.id), '[]'::json)`;

const summaryColumns = {
  id: users.id,
  name: users.name,
  profilePicUrl: users.profilePicUrl,
  occupation: users.occupation,
  industryId: industries.id,
  industryName: industries.name,
  topics: topicsJson,
  languages: languagesJson,
  ratingAverage: sql<number>`coalesce(${advisorRatings.averageRating}, 0)`.mapWith(Number),
  ratingCount: sql<number>`coalesce(${advisorRatings.ratingCount}, 0)`.mapWith(Number),
};

/** Where a page of mentors starts: just after this mentor in the list's order. */
export interface AdvisorPagePosition {
  ranking: number;
  name: string;
  id: number;
}

export type AdvisorSummaryRow = Awaited<ReturnType<AdvisorsRepository['listAdvisors']>>[number];
export type AdvisorProfileRow = Awaited<ReturnType<AdvisorsRepository['findAdvisors']>>[number];

/** Mentors as the public sees them: approved (ACTIVE) advisors with a profile. */
export class AdvisorsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** One query: every filter narrows (AND across filters, OR within one). */
  listAdvisors(options: { excludeUserId: number; filters?: AdvisorFilters; limit?: number }) {
    const query = this.db
      .select(summaryColumns)
      .from(users)
      .innerJoin(advisorProfiles, eq(advisorProfiles.userId, users.id))
      .leftJoin(industries, eq(industries.id, users.industryId))
      .leftJoin(advisorRatings, eq(advisorRatings.advisorId, users.id))
      .where(and(...this.listConditions(options.excludeUserId, options.filters)))
      .orderBy(desc(advisorProfiles.ranking), asc(users.name), asc(users.id));
    return options.limit === undefined ? query : query.limit(options.limit);
  }

  /**
   * One page of the list above, in its order, from after the mentor `after` names (the first page without it), and
   * how many mentors match in all. The page is read one longer than asked, to know whether another follows.
   */
  async listAdvisorsPage(options: {
    excludeUserId: number;
    filters: AdvisorFilters;
    after?: AdvisorPagePosition;
    limit: number;
  }): Promise<{ rows: (AdvisorSummaryRow & { ranking: number })[]; total: number }> {
    const conditions = this.listConditions(options.excludeUserId, options.filters);
    const from = options.after;
    const page = from
      ? [
          ...conditions,
          or(
            lt(advisorProfiles.ranking, from.ranking),
            and(eq(advisorProfiles.ranking, from.ranking), gt(users.name, from.name)),
            and(eq(advisorProfiles.ranking, from.ranking), eq(users.name, from.name), gt(users.id, from.id)),
          )!,
        ]
      : conditions;
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({ ...summaryColumns, ranking: advisorProfiles.ranking })
        .from(users)
        .innerJoin(advisorProfiles, eq(advisorProfiles.userId, users.id))
        .leftJoin(industries, eq(industries.id, users.industryId))
        .leftJoin(advisorRatings, eq(advisorRatings.advisorId, users.id))
        .where(and(...page))
        .orderBy(desc(advisorProfiles.ranking), asc(users.name), asc(users.id))
        .limit(options.limit + 1),
      this.db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(users)
        .innerJoin(advisorProfiles, eq(advisorProfiles.userId, users.id))
        .where(and(...conditions)),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  /**
   * Public mentors with the profile's details and weekly hours (Monday first, earliest first), those of
   * `advisorIds` that are public, in no particular order.
   */
  findAdvisors(advisorIds: readonly number[]) {
    // Built once per database: its SQL is the same for every set of mentors.
    const query = preparedOnce(this.db, 'catalogue_find_advisors', (name) =>
      this.db
        .select({
          ...summaryColumns,
          linkedInUrl: users.linkedInUrl,
          country: users.country,
          videoUrl: advisorProfiles.videoUrl,
          favouriteQuote: advisorProfiles.favouriteQuote,
          biography: advisorProfiles.biography,
          weeklyHours: weeklyHoursJson,
        })
        .from(users)
        .innerJoin(advisorProfiles, eq(advisorProfiles.userId, users.id))
        .leftJoin(industries, eq(industries.id, users.industryId))
        .leftJoin(advisorRatings, eq(advisorRatings.advisorId, users.id))
        .where(and(sql`${users.id} = any(${sql.placeholder('ids')}::int[])`, ...this.publicConditions()))
        .prepare(name),
    );
    return query.execute({ ids: advisorIds });
  }

  private publicConditions(): SQL[] {
    return [eq(users.role, 'ADVISOR'), eq(users.status, 'ACTIVE')];
  }

  private listConditions(excludeUserId: number, filters?: AdvisorFilters): SQL[] {
    const conditions = [...this.publicConditions(), ne(users.id, excludeUserId)];
    if (!filters) return conditions;
    if (filters.topicId !== undefined) {
      conditions.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(advisorTopics)
            .where(and(eq(advisorTopics.advisorId, users.id), eq(advisorTopics.topicId, filters.topicId))),
        ),
      );
    }
    if (filters.industries.length > 0) conditions.push(inArray(users.industryId, filters.industries));
    if (filters.languages.length > 0) {
      conditions.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(advisorLanguages)
            .where(
              and(
                eq(advisorLanguages.advisorId, users.id),
                inArray(advisorLanguages.languageId, filters.languages),
              ),
            ),
        ),
      );
    }
    const slotConditions: SQL[] = [];
    if (filters.days.length > 0) {
      slotConditions.push(inArray(advisorAvailability.dayOfWeek, filters.days.map(isoWeekdayOfName)));
    }
    if (filters.timeBands.length > 0) {
      const bands = filters.timeBands.map((band) => {
        const { fromHour, toHour } = timeBandHours(band);
        return and(gte(advisorAvailability.startHour, fromHour), lt(advisorAvailability.startHour, toHour))!;
      });
      slotConditions.push(or(...bands)!);
    }
    // Days and time bands together: one slot on one of the days, starting in one of the bands.
    if (slotConditions.length > 0) {
      conditions.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(advisorAvailability)
            .where(and(eq(advisorAvailability.advisorId, users.id), ...slotConditions)),
        ),
      );
    }
    return conditions;
  }
}
