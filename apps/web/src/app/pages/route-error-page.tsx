import { messages } from '@myprosper/contract/messages';
import { Component, type ReactNode } from 'react';
import classes from '../../components/plain.module.css';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** A page whose code failed to load or render (e.g. the app was updated meanwhile): offer a reload. */
export function RouteErrorPage() {
  useDocumentTitle('Error');
  return (
    <div className={classes.page}>
      <h1 className={classes.title}>{messages.genericError}</h1>
      <p className={classes.text}>Please reload the page and try again.</p>
      <button type="button" className={classes.button} onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}

interface BoundaryState {
  hasFailed: boolean;
  pathname: string;
}

/** Shows RouteErrorPage in place of a page that failed; following a link to another path starts clean. */
export class PageErrorBoundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { hasFailed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { hasFailed: true };
  }

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { hasFailed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.hasFailed ? <RouteErrorPage /> : this.props.children;
  }
}
