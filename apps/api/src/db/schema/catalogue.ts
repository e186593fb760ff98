import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const userType = pgEnum('user_type', ['ADVISEE', 'ADVISOR']);
export const priceType = pgEnum('price_type', ['INDIVIDUAL', 'GROUP']);

/** Defined in industries.ts, which users.ts imports without this file (that imports users.ts). */
export { industries } from './industries.ts';

export const languages = pgTable('languages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const leadSources = pgTable('lead_sources', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** A program (topic) mentors give sessions on. */
export const topics = pgTable(
  'topics',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    imgUrl: text('img_url').notNull(),
    tagLine: text('tag_line').notNull(),
    videoUrl: text('video_url').notNull(),
    isLive: boolean('is_live').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('topics_name_unique').on(sql`lower(${t.name})`),
    index('topics_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('topics_live_position_idx').on(t.isLive, t.position),
  ],
);

export const topicTips = pgTable(
  'topic_tips',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('topic_tips_topic_idx').on(t.topicId, t.position)],
);

/** What only a mentor has, beside their user row. */
export const advisorProfiles = pgTable(
  'advisor_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    favouriteQuote: text('favourite_quote').notNull(),
    biography: text('biography').notNull(),
    videoUrl: text('video_url'),
    yrsOfProfessionalWorkExperience: text('yrs_of_professional_work_experience'),
    sizeOfOrganization: text('size_of_organization'),
    levelOfAdvisee: text('level_of_advisee'),
    ratingForWorkingWithNewAdvisees: text('rating_for_working_with_new_advisees'),
    /** Higher ranks first among top advisors. */
    ranking: integer('ranking').notNull().default(0),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
  },
  (t) => [index('advisor_profiles_ranking_idx').on(t.ranking)],
);

export const advisorTopics = pgTable(
  'advisor_topics',
  {
    advisorId: integer('advisor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.advisorId, t.topicId] }), index('advisor_topics_topic_idx').on(t.topicId)],
);

export const advisorLanguages = pgTable(
  'advisor_languages',
  {
    advisorId: integer('advisor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id),
  },
  (t) => [
    primaryKey({ columns: [t.advisorId, t.languageId] }),
    index('advisor_languages_lang_idx').on(t.languageId),
  ],
);

/**
 * Weekly availability: one row per (mentor, ISO weekday 1=Monday..7=Sunday, start hour).
 * Slots are one hour long, starting 06..21 except 12, in the platform time zone.
 */
export const advisorAvailability = pgTable(
  'advisor_availability',
  {
    advisorId: integer('advisor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint('day_of_week').notNull(),
    startHour: smallint('start_hour').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.advisorId, t.dayOfWeek, t.startHour] }),
    index('advisor_availability_day_hour_idx').on(t.dayOfWeek, t.startHour),
  ],
);

export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    userType: userType('user_type').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('faqs_type_idx').on(t.userType, t.isActive, t.position)],
);

export const testimonials = pgTable('testimonials', {
  id: serial('id').primaryKey(),
  /** A video id (YouTube id or a path under /media) */
  testimonial: text('testimonial').notNull(),
  name: text('name').notNull(),
  position: text('position').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

/** Session prices: price = ceil(base_session_price * (100 + vat_tax) / 100), integer KES. */
export const pricingSettings = pgTable('pricing_settings', {
  id: serial('id').primaryKey(),
  priceType: priceType('price_type').notNull().unique(),
  baseSessionPrice: integer('base_session_price').notNull(),
  vatTax: integer('vat_tax').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 'Topic Viewed' analytics events. */
export const topicViewEvents = pgTable(
  'topic_view_events',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    topicName: text('topic_name').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who viewed: 'user:<id>' signed in, else 'address:<hash of the address>'; null on older rows. */
    viewer: text('viewer'),
    /** The hour of the view: one view per viewer, topic and hour counts (issue 20). */
    viewedHour: timestamp('viewed_hour', { withTimezone: true }),
  },
  (t) => [
    index('topic_view_events_topic_time_idx').on(t.topicId, t.viewedAt),
    uniqueIndex('topic_view_events_once_an_hour').on(t.topicId, t.viewer, t.viewedHour),
  ],
);

/** Searches, kept for insights such as searches with no results. */
export const topicSearches = pgTable(
  'topic_searches',
  {
    id: serial('id').primaryKey(),
    query: text('query').notNull(),
    hits: integer('hits').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who searched, as topic_view_events.viewer; null on older rows. */
    searcher: text('searcher'),
    /** One search per searcher, text (any case) and hour counts (issue 20). */
    searchedHour: timestamp('searched_hour', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('topic_searches_once_an_hour').using(
      'btree',
      t.searcher,
      sql`lower(${t.query})`,
      t.searchedHour,
    ),
  ],
);
