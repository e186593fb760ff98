import { z } from 'zod';
import { envelope, messageOnly, priceType, userType } from './common.ts';
import { timeBands, weekDays } from './dates.ts';

// Plain lists (no zod), kept in dates.ts so the web's filters can use them without loading the schemas.
export { timeBands, weekDays };

/** Messages of the catalogue API (screens show the spec's 'An Error Occurred' on any failure). */
export const catalogueMessages = {
  topicNotFound: 'This program was not found',
  advisorNotFound: 'This mentor was not found',
  pricingNotFound: 'This price is not set yet',
  searchTooShort: 'Type at least 3 characters',
  advisorPageInvalid: 'This list has changed: start again from the first page',
} as const;

export const weekDay = z.enum(weekDays);
export type WeekDay = z.infer<typeof weekDay>;

export const timeBand = z.enum(timeBands);
export type TimeBand = z.infer<typeof timeBand>;

export const topicRef = z.object({ id: z.number().int(), name: z.string(), tagLine: z.string() });
export type TopicRef = z.infer<typeof topicRef>;

/** A program card. */
export const topicSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  imgUrl: z.string(),
  tagLine: z.string(),
  videoURL: z.string(),
});
export type TopicSummary = z.infer<typeof topicSummary>;

export const topicDetails = topicSummary.extend({
  topicTips: z.array(z.object({ name: z.string() })),
});
export type TopicDetails = z.infer<typeof topicDetails>;

export const industry = z.object({ id: z.number().int(), name: z.string() });
export type Industry = z.infer<typeof industry>;
export const language = z.object({ id: z.number().int(), name: z.string() });
export type Language = z.infer<typeof language>;
export const leadSource = z.object({ id: z.number().int(), name: z.string() });

export const timeSlot = z.object({
  /** HH:mm:ss */
  startTime: z.string(),
  /** HH:mm:ss */
  endTime: z.string(),
});
export type TimeSlot = z.infer<typeof timeSlot>;

/** The spec's sessionAvailabilities item: a weekday, its hourly slots, and the coming dates (yyyy-MM-dd) of that weekday. */
export const sessionAvailability = z.object({
  dayName: weekDay,
  sessionTimeSlots: z.array(timeSlot),
  sessionDates: z.array(z.string()),
});
export type SessionAvailability = z.infer<typeof sessionAvailability>;

export const rating = z.object({ average: z.number(), count: z.number().int() });

/** A mentor card (lists, home, program details). */
export const advisorSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  profilePicUrl: z.string().nullable(),
  occupation: z.string().nullable(),
  industry: industry.nullable(),
  topics: z.array(topicRef),
  languages: z.array(z.string()),
  rating,
});
export type AdvisorSummary = z.infer<typeof advisorSummary>;

/** Advisor profile (spec entity Advisor). */
export const advisorDetails = advisorSummary.extend({
  videoURL: z.string().nullable(),
  favouriteQuote: z.string(),
  biography: z.string(),
  linkedInUrl: z.string().nullable(),
  country: z.string().nullable(),
  sessionAvailabilities: z.array(sessionAvailability),
  advisorDetails: z.object({ profilePicUrl: z.string().nullable() }),
});
export type AdvisorDetails = z.infer<typeof advisorDetails>;

/** Query of GET /myprosper/api/getTopicAdvisors/{userId}/ALL — every filter narrows, on the server. Lists are comma separated. */
export const advisorFilters = z.object({
  topicId: z.coerce.number().int().positive().optional(),
  days: z
    .string()
    .max(200)
    .optional()
    .transform((v, ctx) => splitEnum(v, weekDays, ctx, 'days')),
  timeBands: z
    .string()
    .max(200)
    .optional()
    .transform((v, ctx) => splitEnum(v, timeBands, ctx, 'timeBands')),
  industries: z
    .string()
    .max(200)
    .optional()
    .transform((v, ctx) => splitIds(v, ctx, 'industries')),
  languages: z
    .string()
    .max(200)
    .optional()
    .transform((v, ctx) => splitIds(v, ctx, 'languages')),
});
export type AdvisorFiltersInput = z.input<typeof advisorFilters>;
export type AdvisorFilters = z.output<typeof advisorFilters>;

/** How many mentors a page of GET getTopicAdvisors/{userId}/PAGE holds unless the caller asks for fewer. */
export const advisorPageSize = 12;

/**
 * Query of GET /myprosper/api/getTopicAdvisors/{userId}/PAGE: the spec's filters, and where the page starts (the
 * `next` of the page before; none for the first) and how many mentors it holds (at most 48).
 */
export const advisorPageQuery = advisorFilters.extend({
  after: z
    .string()
    .max(400)
    .regex(/^[A-Za-z0-9_-]+$/, 'after: not a page address')
    .optional(),
  limit: z.coerce.number().int().min(1).max(48).default(advisorPageSize),
});
export type AdvisorPageQueryInput = z.input<typeof advisorPageQuery>;
export type AdvisorPageQuery = z.output<typeof advisorPageQuery>;

function splitEnum<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  ctx: z.RefinementCtx,
  name: string,
): T[] {
  if (!value) return [];
  const parts = value.split(',').filter(Boolean);
  const bad = parts.filter((p) => !(allowed as readonly string[]).includes(p));
  if (bad.length > 0) ctx.addIssue({ code: 'custom', message: `Unknown ${name}: ${bad.join(', ')}` });
  return parts as T[];
}

function splitIds(value: string | undefined, ctx: z.RefinementCtx, name: string): number[] {
  if (!value) return [];
  const parts = value.split(',').filter(Boolean);
  const ids = parts.map(Number);
  if (ids.some((id) => !Number.isInteger(id) || id <= 0 || id > 2_147_483_647)) {
    ctx.addIssue({ code: 'custom', message: `${name} must be a list of ids` });
  }
  return ids;
}

export const faq = z.object({ id: z.number().int(), userType, question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faq>;

/**
 * Words a FAQ may hold for the prices an admin sets (issue 27: the Home FAQ's price follows the pricing
 * page): each is replaced by today's price, VAT included, when the FAQs are read ('KES 2,900').
 */
export const faqPriceTokens = { INDIVIDUAL: '{individualPrice}', GROUP: '{groupPrice}' } as const;

/** The text with every price token replaced by its price; a token whose price is not set stays as written. */
export function fillFaqPrices(
  text: string,
  prices: Partial<Record<keyof typeof faqPriceTokens, number>>,
): string {
  let filled = text;
  for (const [type, token] of Object.entries(faqPriceTokens) as Array<
    [keyof typeof faqPriceTokens, string]
  >) {
    const amount = prices[type];
    if (amount !== undefined) filled = filled.replaceAll(token, `KES ${amount.toLocaleString('en-KE')}`);
  }
  return filled;
}

export const testimonial = z.object({
  id: z.number().int(),
  /** A video id: a path of a video served by the app. */
  testimonial: z.string(),
  name: z.string(),
  position: z.string(),
});
export type Testimonial = z.infer<typeof testimonial>;

/** Pricing setting: the spec's field names; `amount` is the price charged, ceil(base + VAT %). */
export const pricingSetting = z.object({
  id: z.number().int(),
  priceType,
  base_session_price: z.number().int(),
  vat_tax: z.number().int(),
  amount: z.number().int(),
});
export type PricingSetting = z.infer<typeof pricingSetting>;

/** GET /myprosper/api/searchTopics?query=…&hitsPerPage=10 — the search service's hit shape. */
export const searchTopicsQuery = z.object({
  query: z.string().trim().min(3, catalogueMessages.searchTooShort).max(100),
  hitsPerPage: z.coerce.number().int().min(1).max(50).default(10),
});
export const searchHit = z.object({ objectID: z.string(), name: z.string(), imgUrl: z.string() });
export type SearchHit = z.infer<typeof searchHit>;
export const searchTopicsResult = z.object({
  hits: z.array(searchHit),
  nbHits: z.number().int(),
  query: z.string(),
});

/** POST /myprosper/api/topicViewed — the 'Topic Viewed' event. */
export const topicViewedRequest = z.object({ topicId: z.number().int().positive().max(2_147_483_647) });
export const topicViewedResponse = messageOnly;

export const liveTopicsResponse = envelope(z.array(topicSummary));
export const topicDetailsResponse = envelope(topicDetails);
export const advisorListResponse = envelope(z.array(advisorSummary));
/** A page of mentors: `total` counts every mentor the filters match; `next` asks for the page after (null: last). */
export const advisorPage = z.object({
  advisors: z.array(advisorSummary),
  total: z.number().int().nonnegative(),
  next: z.string().nullable(),
});
export type AdvisorPage = z.infer<typeof advisorPage>;
export const advisorPageResponse = envelope(advisorPage);
export const advisorDetailsResponse = envelope(advisorDetails);
export const faqsResponse = envelope(z.array(faq));
export const testimonialsResponse = envelope(z.array(testimonial));
export const pricingResponse = envelope(pricingSetting);
export const searchTopicsResponse = envelope(searchTopicsResult);
export const industriesResponse = envelope(z.array(industry));
export const languagesResponse = envelope(z.array(language));
export const leadSourcesResponse = envelope(z.array(leadSource));
