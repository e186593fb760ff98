/**
 * Where to go after signing in: the last page visited, unless it was one of the pages only for visitors who
 * are not signed in (spec 4 names /login and /profile_picker; the other entry pages would only bounce to /).
 */
const entryPaths = ['/login', '/profile_picker', '/new_advisor', '/signup', '/auth/password/forgot'];
const entryPrefixes = ['/signup/', '/resetPassword/'];

let lastVisited: string | null = null;

export function isEntryPage(pathname: string): boolean {
  return entryPaths.includes(pathname) || entryPrefixes.some((prefix) => pathname.startsWith(prefix));
}

/** Called by the layout on every navigation. */
export function recordVisitedPage(pathname: string, search = ''): void {
  if (!isEntryPage(pathname)) lastVisited = `${pathname}${search}`;
}

/** The page to return to after login: a page a guard was asked for, else the last visited one, else /. */
export function getReturnPath(requested?: string | null): string {
  if (
    requested?.startsWith('/') &&
    !requested.startsWith('//') &&
    !isEntryPage(requested.split('?')[0] ?? '')
  ) {
    return requested;
  }
  return lastVisited ?? '/';
}
