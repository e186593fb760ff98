import { useEffect, useId, useRef, useState } from 'react';
import plain from '../../components/plain.module.css';
import { storage, storageKeys } from '../../lib/storage.ts';
import classes from './layout.module.css';

/**
 * Spec 2.14: shown until accepted; the acceptance is remembered in local storage (cookieAccepted). It never
 * covers the control that has the focus: the page's scroll padding keeps a control the browser scrolls to
 * above it, and one the browser finds in view already (but under the banner) is scrolled up past it here.
 */
export function CookieBanner() {
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const [isAccepted, setIsAccepted] = useState(() => storage.get(storageKeys.cookieAccepted) === 'true');

  useEffect(() => {
    function uncover(event: FocusEvent): void {
      const banner = ref.current;
      const target = event.target;
      // Dialogs lie over the banner, and the banner's own controls are never under it.
      if (
        !banner ||
        !(target instanceof Element) ||
        banner.contains(target) ||
        target.closest('[role=dialog]')
      )
        return;
      const overlap = target.getBoundingClientRect().bottom - banner.getBoundingClientRect().top;
      if (overlap > 0) window.scrollBy(0, overlap + 8);
    }
    document.addEventListener('focusin', uncover);
    return () => document.removeEventListener('focusin', uncover);
  }, []);

  if (isAccepted) return null;

  function accept(): void {
    storage.set(storageKeys.cookieAccepted, 'true');
    setIsAccepted(true);
  }

  return (
    <section ref={ref} aria-labelledby={titleId} className={classes.cookieBanner}>
      <h2 id={titleId} className={classes.cookieTitle}>
        Cookies
      </h2>
      <div className={classes.cookieRow}>
        <p className={classes.cookieText}>
          This website uses cookies to ensure you get the best experience on our website.
        </p>
        <button type="button" className={plain.button} onClick={accept}>
          Accept
        </button>
      </div>
    </section>
  );
}
