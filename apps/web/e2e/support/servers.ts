import { type ChildProcess, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

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

/**
 * The journeys' session rules, for every journey server. Calls open this long before their start (default 10
 * minutes): the journeys book sessions hours ahead. Every journey pays from the sandbox's one paying number and
 * writes to the demo mentors: the limits per number (M-PESA prompts an hour, session SMS a day) have their own
 * integration tests.
 */
export const journeyServerEnv = {
  CALL_EARLY_JOIN_MINUTES: '43200',
  MPESA_PROMPTS_PER_NUMBER_PER_HOUR: '1000',
  SMS_PER_NUMBER_PER_DAY: '1000',
} as const;

/** A server a journey starts for itself (other settings than the workers' servers), and how to stop it. */
export interface OwnServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A server of a journey's own on `port`, started as the workers' servers are (`npm start`'s built server, a
 * fresh data folder, the demo data, the journeys' session rules) plus `env`: Janus or TURN settings, say.
 */
export async function startOwnServer(port: number, env: Record<string, string>): Promise<OwnServer> {
  const child: ChildProcess = spawn(process.execPath, [resolve(import.meta.dirname, 'start-server.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      ...journeyServerEnv,
      ...env,
    },
    stdio: 'inherit',
  });
  const url = `http://localhost:${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > until || child.exitCode !== null) throw new Error(`the server on ${port} did not start`);
    await new Promise((pause) => setTimeout(pause, 500));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
