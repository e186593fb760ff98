import classes from './plain.module.css';

/** The loader shown while the token check runs and while a page's code loads (a CSS spinner, no code). */
export function FullPageLoader() {
  return (
    <output className={classes.loaderScreen} aria-live="polite">
      <span className={classes.spinner} aria-hidden="true" />
      <span className={classes.visuallyHidden}>Loading…</span>
    </output>
  );
}
