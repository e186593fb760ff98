import { useSyncExternalStore } from 'react';

/** How many pages' code is being fetched now: the layout shows its progress bar while any is. */
let pending = 0;
const listeners = new Set<() => void>();

function change(delta: number): void {
  pending += delta;
  for (const listener of listeners) listener();
}

/**
 * Counts a page's code while it loads. React starts the load while rendering, so the count changes a
 * microtask later, outside that render.
 */
export function trackPageLoad<T>(load: Promise<T>): Promise<T> {
  queueMicrotask(() => change(1));
  return load.finally(() => queueMicrotask(() => change(-1)));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while a page's code is loading (the route just followed is not on screen yet). */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}
