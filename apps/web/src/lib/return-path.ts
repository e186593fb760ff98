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

/** A page a sign-in must go to first, whatever else was asked for (sign-up: the verify-phone screen). */
let afterSignIn: string | null = null;

/** The next sign-in goes to this page (until it is visited). */
export function returnAfterSignIn(path: string): void {
  afterSignIn = path;
}

/** Called by the layout on every navigation. */
export function recordVisitedPage(pathname: string, search = ''): void {
  if (afterSignIn?.split('?')[0] === pathname) afterSignIn = null;
  if (!isEntryPage(pathname)) lastVisited = `${pathname}${search}`;
}

/** The page to return to after login: a page a guard was asked for, else the last visited one, else /. */
export function getReturnPath(requested?: string | null): string {
  if (afterSignIn) return afterSignIn;
  if (
    requested?.startsWith('/') &&
    !requested.startsWith('//') &&
    !isEntryPage(requested.split('?')[0] ?? '')
  ) {
    return requested;
  }
  return lastVisited ?? '/';
}
