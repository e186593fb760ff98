import { useId, useState } from 'react';
import plain from '../../components/plain.module.css';
import { storage, storageKeys } from '../../lib/storage.ts';
import classes from './layout.module.css';

/** Spec 2.14: shown until accepted; the acceptance is remembered in local storage (cookieAccepted). */
export function CookieBanner() {
  const titleId = useId();
  const [isAccepted, setIsAccepted] = useState(() => storage.get(storageKeys.cookieAccepted) === 'true');
  if (isAccepted) return null;

  function accept(): void {
    storage.set(storageKeys.cookieAccepted, 'true');
    setIsAccepted(true);
  }

  return (
    <section aria-labelledby={titleId} className={classes.cookieBanner}>
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
