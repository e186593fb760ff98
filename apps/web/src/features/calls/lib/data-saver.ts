import { type ConnectionHints, prefersDataSaver } from '@myprosper/contract/call-data';
import { storage, storageKeys } from '../../../lib/storage.ts';

/**
 * Whether calls start in data-saver mode on this device: the person's own choice when they made one, otherwise
 * what the browser says of its connection (Save-Data, cellular, slow).
 */
export function initialDataSaver(): boolean {
  const chosen = storage.get(storageKeys.dataSaver);
  if (chosen === 'on') return true;
  if (chosen === 'off') return false;
  const connection = (navigator as Navigator & { connection?: ConnectionHints }).connection;
  return prefersDataSaver(connection);
}

/** The person flipped the switch: kept for their next calls on this device. */
export function rememberDataSaver(on: boolean): void {
  storage.set(storageKeys.dataSaver, on ? 'on' : 'off');
}
