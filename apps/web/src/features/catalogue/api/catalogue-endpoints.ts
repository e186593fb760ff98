import type { TimeBand, WeekDay } from '@myprosper/contract/catalogue';
import type { UserType } from '@myprosper/contract/common';

/*
 * Where the catalogue's GET requests go, and the schemas their answers are read with. Nothing here imports
 * the app's code (only types), so app/first-page.ts can start a first page's requests from boot.ts, before
 * the shell has arrived, to the very addresses the page's queries then ask for.
 */

/** Where the public catalogue lives. */
export const catalogueApi = '/myprosper/api';

/** The catalogue's schemas, loaded beside its first request (see lazySchema). */
export const catalogueContract = () => import('@myprosper/contract/catalogue');

/** The mentor filters of spec 2.8. Every one narrows the list, on the server. */
export interface AdvisorFilterValues {
  topicId: number | null;
  days: WeekDay[];
  timeBands: TimeBand[];
  industries: number[];
  languages: number[];
}

export const noAdvisorFilters: AdvisorFilterValues = {
  topicId: null,
  days: [],
  timeBands: [],
  industries: [],
  languages: [],
};

/** The query string of getTopicAdvisors: comma lists, empty filters left out. */
export function advisorFilterQuery(filters: AdvisorFilterValues): string {
  const query = new URLSearchParams();
  if (filters.topicId !== null) query.set('topicId', String(filters.topicId));
  if (filters.days.length > 0) query.set('days', filters.days.join(','));
  if (filters.timeBands.length > 0) query.set('timeBands', filters.timeBands.join(','));
  if (filters.industries.length > 0) query.set('industries', filters.industries.join(','));
  if (filters.languages.length > 0) query.set('languages', filters.languages.join(','));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The addresses of the catalogue's GET requests (userId 0 for a visitor). */
export const catalogueEndpoints = {
  liveTopics: () => `${catalogueApi}/getLiveTopics`,
  topAdvisors: (userId: number) => `${catalogueApi}/getTopAdvisors/${userId}/ALL`,
  /** The first page; the next ones add `after` (see getTopicAdvisorsPage). */
  topicAdvisorsPage: (userId: number, filters: AdvisorFilterValues) =>
    `${catalogueApi}/getTopicAdvisors/${userId}/PAGE${advisorFilterQuery(filters)}`,
  topicDetails: (topicId: number) => `${catalogueApi}/getTopicDetails/${topicId}`,
  advisorDetails: (advisorId: number) => `${catalogueApi}/getAdvisorDetails/${advisorId}`,
  faqs: (userType: UserType) => `${catalogueApi}/getFAQsByUserType/${userType}`,
  testimonials: () => `${catalogueApi}/getActiveTestimonials`,
};
