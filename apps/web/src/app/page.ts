import { type ComponentType, lazy } from 'react';
import { trackPageLoad } from './page-loading.ts';

/** A page component whose code loads on first render, or earlier with preload(). */
export type PageComponent = ComponentType & { preload(): Promise<unknown> };

/**
 * A page whose code loads only when its route is visited: `Component: page(() => import(...), 'ExportName')`.
 * The layout shows a loader (first page) or keeps the current page with a progress bar (navigation) meanwhile,
 * and its error boundary offers a reload when the code cannot be fetched.
 */
export function page<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): PageComponent {
  let loading: Promise<M> | undefined;
  const preload = () => {
    loading ??= trackPageLoad(load());
    return loading;
  };
  const Component = lazy(async () => ({ default: (await preload())[name] as ComponentType }));
  return Object.assign(Component, { preload });
}
