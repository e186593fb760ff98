import { messages } from '@myprosper/contract/messages';
import classes from './plain.module.css';

/** Spec 2.14: shown instead of the app when the token check cannot reach the server. */
export function NetworkErrorScreen({
  message = messages.networkScreen,
  onRetry,
}: {
  message?: string;
  onRetry: () => void;
}) {
  return (
    <main className={classes.screen}>
      <h1 className={classes.title}>No connection</h1>
      <p className={classes.text} role="alert">
        {message}
      </p>
      <button type="button" className={`${classes.button} ${classes.large}`} onClick={onRetry}>
        Try again
      </button>
    </main>
  );
}
