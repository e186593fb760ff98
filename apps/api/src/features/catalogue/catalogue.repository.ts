import type { PriceType, UserType } from '@myprosper/contract/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import {
  faqs,
  industries,
  languages,
  leadSources,
  pricingSettings,
  testimonials,
  topicSearches,
  topics,
  topicViewEvents,
} from '../../db/schema/catalogue.ts';
import { hourOf } from './viewer-key.ts';

/** Below this word similarity a topic name is not a match for the typed text (pg_trgm, 0 to 1). */
export const searchSimilarityThreshold = 0.5;

const topicCardColumns = {
  id: topics.id,
  name: topics.name,
  imgUrl: topics.imgUrl,
  tagLine: topics.tagLine,
  videoURL: topics.videoUrl,
};

/** Escapes LIKE wildcards so typed text matches literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Programs, reference lists, FAQs, testimonials, prices and catalogue analytics. */
export class CatalogueRepository {
  constructor(private readonly db: DbOrTx) {}

  listLiveTopics() {
    return this.db
      .select(topicCardColumns)
      .from(topics)
      .where(eq(topics.isLive, true))
      .orderBy(asc(topics.position), asc(topics.id));
  }

  /** A live topic with its tips in order, or null. */
  async findLiveTopic(topicId: number) {
    const [row] = await this.db
      .select({
        ...topicCardColumns,
        topicTips: sql<{ name: string }[]>`coalesce((
          select json_agg(json_build_object('name', tt.name) order by tt.position, tt.id)
          from topic_tips tt where tt.topic_id = topics.id), '[]'::json)`,
      })
      .from(topics)
      .where(and(eq(topics.id, topicId), eq(topics.isLive, true)))
      .limit(1);
    return row ?? null;
  }

  listIndustries() {
    return this.db
      .select({ id: industries.id, name: industries.name })
      .from(industries)
      .orderBy(asc(industries.name));
  }

  /** In the order they were added: the common ones come first. */
  listLanguages() {
    return this.db
      .select({ id: languages.id, name: languages.name })
      .from(languages)
      .orderBy(asc(languages.id));
  }

  listLeadSources() {
    return this.db
      .select({ id: leadSources.id, name: leadSources.name })
      .from(leadSources)
      .orderBy(asc(leadSources.id));
  }

  listActiveFaqs(userType: UserType) {
    return this.db
      .select({ id: faqs.id, userType: faqs.userType, question: faqs.question, answer: faqs.answer })
      .from(faqs)
      .where(and(eq(faqs.userType, userType), eq(faqs.isActive, true)))
      .orderBy(asc(faqs.position), asc(faqs.id));
  }

  listActiveTestimonials() {
    return this.db
      .select({
        id: testimonials.id,
        testimonial: testimonials.testimonial,
        name: testimonials.name,
        position: testimonials.position,
      })
      .from(testimonials)
      .where(eq(testimonials.isActive, true))
      .orderBy(asc(testimonials.sortOrder), asc(testimonials.id));
  }

  async findPricing(priceType: PriceType) {
    const [row] = await this.db
      .select({
        id: pricingSettings.id,
        priceType: pricingSettings.priceType,
        baseSessionPrice: pricingSettings.baseSessionPrice,
        vatTax: pricingSettings.vatTax,
      })
      .from(pricingSettings)
      .where(eq(pricingSettings.priceType, priceType))
      .limit(1);
    return row ?? null;
  }

  /**
   * Live topics whose name matches typed text, typos included (pg_trgm word similarity through the `<%`
   * operator and its GIN index). Names starting with the text come first, then names with a word starting
   * with it, then by similarity. Run it in a transaction: the similarity threshold is set for that
   * transaction only.
   */
  async searchLiveTopics(text: string, limit: number): Promise<{ hits: SearchRow[]; total: number }> {
    await this.db.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(searchSimilarityThreshold)}, true)`,
    );
    const literal = likeLiteral(text);
    const rows = await this.db
      .select({
        id: topics.id,
        name: topics.name,
        imgUrl: topics.imgUrl,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(topics)
      .where(
        and(
          eq(topics.isLive, true),
          sql`(${text} <% ${topics.name} or ${topics.name} ilike ${`%${literal}%`})`,
        ),
      )
      .orderBy(
        sql`(${topics.name} ilike ${`${literal}%`}) desc`,
        sql`(${topics.name} ilike ${`% ${literal}%`}) desc`,
        sql`word_similarity(${text}, ${topics.name}) desc`,
        asc(topics.name),
      )
      .limit(limit);
    return { hits: rows, total: rows[0]?.total ?? 0 };
  }

  /** Keeps a batch of searches for insights, in one statement (SearchLog batches them). */
  async recordSearches(
    searches: readonly { query: string; hits: number; searchedAt: Date; searcher: string }[],
  ): Promise<void> {
    if (searches.length === 0) return;
    // One search per searcher, text (any case) and hour is kept: a script repeating it counts once.
    await this.db
      .insert(topicSearches)
      .values(
        searches.map(({ query, hits, searchedAt, searcher }) => ({
          query,
          hits,
          searchedAt,
          searcher,
          searchedHour: hourOf(searchedAt),
        })),
      )
      .onConflictDoNothing();
  }

  /** The name of a live topic, or null: views are recorded only for programs people can see. */
  async findLiveTopicName(topicId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ name: topics.name })
      .from(topics)
      .where(and(eq(topics.id, topicId), eq(topics.isLive, true)))
      .limit(1);
    return row?.name ?? null;
  }

  /** The catalogue's version, bumped by every committed change of what it shows (migration catalogue_cache). */
  async readVersion(): Promise<number> {
    const result = await this.db.execute<{ version: string | number }>(
      sql`select version from catalogue_version where id = 1`,
    );
    return Number(result.rows[0]?.version ?? 0);
  }

  /** A view, once per viewer, topic and hour: a script repeating it counts once. */
  async recordTopicView(event: {
    topicId: number;
    topicName: string;
    userId: number | null;
    viewer: string;
    now: Date;
  }): Promise<void> {
    const { now, ...values } = event;
    await this.db
      .insert(topicViewEvents)
      .values({ ...values, viewedAt: now, viewedHour: hourOf(now) })
      .onConflictDoNothing();
  }
}

export interface SearchRow {
  id: number;
  name: string;
  imgUrl: string;
}
