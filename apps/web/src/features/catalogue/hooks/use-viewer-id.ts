import { storage, storageKeys } from '../../../lib/storage.ts';

/** The signed-in user's id for catalogue paths (getTopicAdvisors/{userId}/…), 0 for a visitor. */
export function useViewerId(): number {
  return storedViewerId();
}

/** The same outside React (the data requested on arrival, app/first-page.ts). */
export function storedViewerId(): number {
  const stored = Number(storage.get(storageKeys.userId));
  return Number.isInteger(stored) && stored > 0 ? stored : 0;
}
