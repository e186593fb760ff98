import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { recordVisitedPage } from '../../lib/return-path.ts';
import { storage, storageKeys } from '../../lib/storage.ts';
import { usePageLoading } from '../page-loading.ts';
import { PageErrorBoundary } from '../pages/route-error-page.tsx';
import { Footer } from './footer.tsx';
import classes from './layout.module.css';
import { Navbar } from './navbar.tsx';
import { SessionExpiredDialog } from './session-expired-dialog.tsx';

/** The cookie notice's code comes only to a browser that has not accepted it yet, after the first paint. */
const CookieBanner = lazy(async () => ({ default: (await import('./cookie-banner.tsx')).CookieBanner }));

/** The shell around every page: skip link, navbar, main landmark, footer, cookie banner, session dialog. */
export function AppLayout() {
  const { pathname, search, hash } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const isFirstPage = useRef(true);

  useEffect(() => {
    recordVisitedPage(pathname, search);
  }, [pathname, search]);

  // A new page starts at the top, and keyboard and screen-reader users start at its content.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    if (isFirstPage.current) {
      isFirstPage.current = false;
      return;
    }
    if (hash) return;
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={classes.shell}>
      <button type="button" onClick={() => mainRef.current?.focus()} className={classes.skipLink}>
        Skip to content
      </button>
      <Navbar />
      <main ref={mainRef} tabIndex={-1} className={classes.main}>
        {/* Inside the main landmark, as all content must be (it is fixed at the top of the window). */}
        <PageLoadingBar />
        {/* A page's code loads on its first visit: the first page shows a loader, a later one keeps the current
            page on screen (with the progress bar) until it is ready. */}
        <PageErrorBoundary pathname={pathname}>
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
      {storage.get(storageKeys.cookieAccepted) !== 'true' && (
        <Suspense fallback={null}>
          <CookieBanner />
        </Suspense>
      )}
      <SessionExpiredDialog />
    </div>
  );
}

/** The bar at the top while a page's code loads; on its own, so only it re-renders when loading starts or ends. */
function PageLoadingBar() {
  const isPageLoading = usePageLoading();
  return isPageLoading ? (
    <div className={classes.progress} role="progressbar" aria-label="Loading page" />
  ) : null;
}
