import { availableParallelism } from 'node:os';

/**
 * How many journeys run at once (E2E_WORKERS, else one per core, at most 4). Each worker gets a server of
 * its own, with its own data folder and demo data, on port E2E_PORT + its index.
 */
export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? Math.min(4, availableParallelism())));

const firstPort = Number(process.env.E2E_PORT ?? 3100);

/** The port of the server of the worker with this parallel index. */
export function serverPort(workerIndex: number): number {
  return firstPort + workerIndex;
}
