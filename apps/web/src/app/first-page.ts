import type {
  advisorDetailsResponse,
  liveTopicsResponse,
  topicDetailsResponse,
} from '@myprosper/contract/catalogue';
import type { z } from 'zod';
import {
  catalogueContract,
  catalogueEndpoints,
  noAdvisorFilters,
} from '../features/catalogue/api/catalogue-endpoints.ts';
import { parseRouteId } from '../features/catalogue/hooks/route-id.ts';
import { storedViewerId } from '../features/catalogue/hooks/use-viewer-id.ts';
import { startEarlyRequest } from '../lib/early-requests.ts';

/*
 * The public pages a visit usually starts on. boot.ts runs this module before the shell's code has arrived, so
 * it imports nothing of the app but dependency-free modules (vite.chunks.ts keeps them in the boot chunk).
 */

/** The public pages' code: the router loads it for a visit, startPublicPage on arrival. */
export const publicPages = {
  home: () => import('../features/catalogue/pages/home-page.tsx'),
  programs: () => import('../features/catalogue/pages/programs-page.tsx'),
  program: () => import('../features/catalogue/pages/program-details-page.tsx'),
  mentors: () => import('../features/catalogue/pages/advisors-page.tsx'),
  // The catalogue's mentor page with the waitlist card (issue 24), composed in app/.
  mentor: () => import('./pages/mentor-page.tsx'),
};

/** A public page and its id; the id is null when the address is malformed (the page shows it). */
export type PublicPage =
  | { page: 'home' | 'programs' | 'mentors' }
  | { page: 'program'; topicId: number | null }
  | { page: 'mentor'; advisorId: number | null };

/**
 * The public page at this address, as the router matches it (/, /topics, /topics/:topicId, /advisors,
 * /advisors/:advisorId; any case, a trailing slash allowed), or null.
 */
export function matchPublicPage(pathname: string): PublicPage | null {
  if (pathname === '/') return { page: 'home' };
  const match = /^\/(topics|advisors)(?:\/([^/]+))?\/?$/i.exec(pathname);
  if (!match) return null;
  const isTopics = match[1]?.toLowerCase() === 'topics';
  if (match[2] === undefined) return { page: isTopics ? 'programs' : 'mentors' };
  const id = parseRouteId(match[2]);
  return isTopics ? { page: 'program', topicId: id } : { page: 'mentor', advisorId: id };
}

/** A request a public page makes on arrival, and where its answer names the picture at the top of the page. */
interface ArrivalRequest {
  path: string;
  picture?: (body: unknown) => unknown;
}

type Answer<S extends z.ZodType> = Partial<z.infer<S>>;

/** The first program's picture (the first card's), the program's, the mentor's photo. */
const firstProgramPicture = (body: unknown) => (body as Answer<typeof liveTopicsResponse>).data?.[0]?.imgUrl;
const programPicture = (body: unknown) => (body as Answer<typeof topicDetailsResponse>).data?.imgUrl;
const mentorPicture = (body: unknown) => {
  const advisor = (body as Answer<typeof advisorDetailsResponse>).data;
  return advisor?.profilePicUrl ?? advisor?.advisorDetails?.profilePicUrl;
};

/**
 * The GET requests a public page makes on arrival. A filtered mentors list (?days=…) is left to the page, whose
 * filter rules load with it.
 */
function arrivalRequests(match: PublicPage, search: string): ArrivalRequest[] {
  const viewerId = storedViewerId();
  switch (match.page) {
    case 'home':
      return [
        { path: catalogueEndpoints.liveTopics() },
        { path: catalogueEndpoints.topAdvisors(viewerId) },
        { path: catalogueEndpoints.faqs('ADVISEE') },
        { path: catalogueEndpoints.testimonials() },
      ];
    case 'programs':
      return [{ path: catalogueEndpoints.liveTopics(), picture: firstProgramPicture }];
    case 'program':
      return match.topicId === null
        ? []
        : [
            { path: catalogueEndpoints.topicDetails(match.topicId), picture: programPicture },
            {
              path: catalogueEndpoints.topicAdvisorsPage(viewerId, {
                ...noAdvisorFilters,
                topicId: match.topicId,
              }),
            },
          ];
    case 'mentors':
      return search === ''
        ? [{ path: catalogueEndpoints.topicAdvisorsPage(viewerId, noAdvisorFilters) }]
        : [];
    case 'mentor':
      return match.advisorId === null
        ? []
        : [{ path: catalogueEndpoints.advisorDetails(match.advisorId), picture: mentorPicture }];
  }
}

/** Fetches the picture at the top of the page at once, ahead of the code that will show it. */
function preloadPicture(href: unknown): void {
  if (typeof href !== 'string' || href === '') return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.fetchPriority = 'high';
  document.head.append(link);
}

/**
 * On arrival at a public page, starts at once, side by side, what its first screen waits for: the page's code,
 * its data (taken by apiRequest, see lib/early-requests.ts), the schemas that read the data and, once the data
 * names it, the picture at the top of the page. Otherwise each would wait for the shell's code to arrive and
 * run first.
 */
export function startPublicPage({ pathname, search }: Pick<Location, 'pathname' | 'search'>): void {
  const match = matchPublicPage(pathname);
  if (!match) return;
  // A failure shows when the router loads the page (its error boundary offers a reload).
  publicPages[match.page]().catch(() => undefined);
  const requests = arrivalRequests(match, search);
  for (const { path, picture } of requests) {
    startEarlyRequest(path, picture && ((body) => preloadPicture(picture(body))));
  }
  if (requests.length > 0) catalogueContract().catch(() => undefined);
}
