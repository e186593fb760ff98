import type {
  AdvisorDetails,
  AdvisorFilters,
  AdvisorPage,
  AdvisorPageQuery,
  AdvisorSummary,
  Faq,
  PricingSetting,
  TopicDetails,
} from '@myprosper/contract/catalogue';
import { catalogueMessages, fillFaqPrices } from '@myprosper/contract/catalogue';
import type { PriceType, UserType } from '@myprosper/contract/common';
import { todayIn } from '@myprosper/contract/dates';
import { sessionPrice } from '@myprosper/contract/pricing';
import type { Db } from '../../db/connection.ts';
import { BatchLoader } from '../../lib/batch-loader.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import {
  type AdvisorPagePosition,
  type AdvisorProfileRow,
  type AdvisorSummaryRow,
  AdvisorsRepository,
} from './advisors.repository.ts';
import { CatalogueRepository, type SearchRow } from './catalogue.repository.ts';
import { VersionedCache } from './response-cache.ts';
import type { SearchLog } from './search-log.ts';
import { weeklySessionAvailabilities } from './session-availability.ts';

/** How many mentors the home page shows as top mentors. */
export const topAdvisorsCount = 8;
/** How many different searches' results are kept in memory (per catalogue version). */
export const searchResultsKept = 1_000;

export interface CatalogueServiceOptions {
  /** The platform time zone: dates a mentor can be booked on are counted from today there. */
  timeZone: string;
  /** Where every search is recorded, off the request path. */
  searchLog: SearchLog;
  now?: () => Date;
}

/** The public catalogue: programs, mentors, FAQs, testimonials, prices, search and views. */
export class CatalogueService {
  private readonly catalogue: CatalogueRepository;
  private readonly advisors: AdvisorsRepository;
  /** Mentors' profiles asked for at about the same time are read in one query. */
  private readonly advisorProfiles: BatchLoader<number, AdvisorProfileRow>;
  private readonly searchResults = new VersionedCache<{ hits: SearchRow[]; total: number }>(
    undefined,
    searchResultsKept,
  );

  constructor(
    private readonly db: Db,
    private readonly options: CatalogueServiceOptions,
  ) {
    this.catalogue = new CatalogueRepository(db);
    this.advisors = new AdvisorsRepository(db);
    this.advisorProfiles = new BatchLoader(
      (ids) => this.advisors.findAdvisors(ids),
      (row) => row.id,
    );
  }

  listLiveTopics() {
    return this.catalogue.listLiveTopics();
  }

  async getTopicDetails(topicId: number): Promise<TopicDetails> {
    const topic = await this.catalogue.findLiveTopic(topicId);
    if (!topic) throw notFound(catalogueMessages.topicNotFound);
    return topic;
  }

  /** Mentors matching the filters, best ranked first, without the caller (0 for a visitor). */
  async listTopicAdvisors(callerId: number, filters: AdvisorFilters): Promise<AdvisorSummary[]> {
    const rows = await this.advisors.listAdvisors({ excludeUserId: callerId, filters });
    return rows.map(toAdvisorSummary);
  }

  /** A page of the mentors above: `next` names where the following page starts (null after the last). */
  async listTopicAdvisorsPage(callerId: number, query: AdvisorPageQuery): Promise<AdvisorPage> {
    const { after, limit, ...filters } = query;
    const { rows, total } = await this.advisors.listAdvisorsPage({
      excludeUserId: callerId,
      filters,
      ...(after === undefined ? {} : { after: readPagePosition(after) }),
      limit,
    });
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return {
      advisors: shown.map(toAdvisorSummary),
      total,
      next: rows.length > limit && last ? writePagePosition(last) : null,
    };
  }

  async listTopAdvisors(callerId: number): Promise<AdvisorSummary[]> {
    const rows = await this.advisors.listAdvisors({ excludeUserId: callerId, limit: topAdvisorsCount });
    return rows.map(toAdvisorSummary);
  }

  async getAdvisorDetails(advisorId: number): Promise<AdvisorDetails> {
    const advisor = await this.advisorProfiles.find(advisorId);
    if (!advisor) throw notFound(catalogueMessages.advisorNotFound);
    const today = todayIn(this.options.timeZone, this.options.now?.() ?? new Date());
    return {
      ...toAdvisorSummary(advisor),
      videoURL: advisor.videoUrl,
      favouriteQuote: advisor.favouriteQuote,
      biography: advisor.biography,
      linkedInUrl: advisor.linkedInUrl,
      country: advisor.country,
      sessionAvailabilities: weeklySessionAvailabilities(advisor.weeklyHours, today),
      advisorDetails: { profilePicUrl: advisor.profilePicUrl },
    };
  }

  /** The active FAQs, their price words filled in with the prices the admin set (faqPriceTokens). */
  async listFaqs(userType: UserType): Promise<Faq[]> {
    const [faqs, individual, group] = await Promise.all([
      this.catalogue.listActiveFaqs(userType),
      this.catalogue.findPricing('INDIVIDUAL'),
      this.catalogue.findPricing('GROUP'),
    ]);
    const amountOf = (row: typeof individual) =>
      row ? sessionPrice({ base_session_price: row.baseSessionPrice, vat_tax: row.vatTax }) : undefined;
    const prices = { INDIVIDUAL: amountOf(individual), GROUP: amountOf(group) };
    return faqs.map((faq) => ({
      ...faq,
      question: fillFaqPrices(faq.question, prices),
      answer: fillFaqPrices(faq.answer, prices),
    }));
  }

  listActiveTestimonials() {
    return this.catalogue.listActiveTestimonials();
  }

  async getPricing(priceType: PriceType): Promise<PricingSetting> {
    const row = await this.catalogue.findPricing(priceType);
    if (!row) throw notFound(catalogueMessages.pricingNotFound);
    const setting = { base_session_price: row.baseSessionPrice, vat_tax: row.vatTax };
    return { id: row.id, priceType: row.priceType, ...setting, amount: sessionPrice(setting) };
  }

  listIndustries() {
    return this.catalogue.listIndustries();
  }

  listLanguages() {
    return this.catalogue.listLanguages();
  }

  listLeadSources() {
    return this.catalogue.listLeadSources();
  }

  /**
   * Typo-tolerant search over live program names, in the search service's hit shape. The same text at the
   * same catalogue version finds the same programs, so results are kept per version; every search is
   * recorded all the same (written in batches by the search log), once per searcher, text and hour.
   */
  async searchTopics(query: string, hitsPerPage: number, catalogueVersion: number, searcher: string) {
    const key = `${hitsPerPage}:${query}`;
    let found = this.searchResults.get(key, catalogueVersion);
    if (!found) {
      found = await this.db.transaction((tx) =>
        new CatalogueRepository(tx).searchLiveTopics(query, hitsPerPage),
      );
      this.searchResults.set(key, catalogueVersion, found);
    }
    this.options.searchLog.record({
      query,
      searcher,
      hits: found.total,
      searchedAt: this.options.now?.() ?? new Date(),
    });
    return {
      hits: found.hits.map((hit) => ({ objectID: String(hit.id), name: hit.name, imgUrl: hit.imgUrl })),
      nbHits: found.total,
      query,
    };
  }

  /** The 'Topic Viewed' event: the topic, who viewed it when signed in, and when. */
  async recordTopicView(topicId: number, userId: number | null, viewer: string): Promise<void> {
    const topicName = await this.catalogue.findLiveTopicName(topicId);
    if (topicName === null) throw notFound(catalogueMessages.topicNotFound);
    await this.catalogue.recordTopicView({ topicId, topicName, userId, viewer, now: new Date() });
  }
}

function toAdvisorSummary(row: AdvisorSummaryRow): AdvisorSummary {
  return {
    id: row.id,
    name: row.name,
    profilePicUrl: row.profilePicUrl,
    occupation: row.occupation,
    industry:
      row.industryId === null || row.industryName === null
        ? null
        : { id: row.industryId, name: row.industryName },
    topics: row.topics,
    languages: row.languages,
    rating: { average: row.ratingAverage, count: row.ratingCount },
  };
}

/** A page's start as the client sees it: the last mentor shown, as base64url JSON (opaque to the client). */
function writePagePosition(row: AdvisorPagePosition): string {
  return Buffer.from(JSON.stringify([row.ranking, row.name, row.id])).toString('base64url');
}

function readPagePosition(text: string): AdvisorPagePosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      Number.isSafeInteger(value[0]) &&
      typeof value[1] === 'string' &&
      Number.isSafeInteger(value[2])
    ) {
      return { ranking: value[0] as number, name: value[1], id: value[2] as number };
    }
  } catch {
    // falls through to the refusal
  }
  throw invalid(catalogueMessages.advisorPageInvalid);
}
