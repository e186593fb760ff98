import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiNodeFlags } from '../../../node-flags.mjs';
import { pause } from './waiting.ts';

/**
 * The API as production runs it: the bundled server (`node server.js`, built by the suite's global setup)
 * in a process of its own, started with the environment a test gives it. The test can kill it (SIGKILL: no
 * chance to finish anything), stop it as an operator would (SIGTERM), and sample its memory and open
 * handles through memory-probe.mjs.
 */

const probe = fileURLToPath(new URL('./memory-probe.mjs', import.meta.url));
/** What a process said last: enough to explain a failure, bounded so a long soak does not grow it. */
const keptOutput = 256 * 1024;

export interface Sample {
  /** From the process itself, after a full garbage collection. */
  heapUsed: number;
  rss: number;
  external: number;
  /** Resources keeping the event loop alive, by kind (TCPSocketWrap, Timeout, …), and their sum. */
  resources: Record<string, number>;
  handles: number;
  /** Open file descriptors (/proc/<pid>/fd): sockets, files, pipes. */
  fds: number;
}

export interface ServerProcess {
  name: string;
  base: string;
  pid: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  /** Resolves once /readyz answers 200. */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGKILL: the process dies at once, mid-request. */
  kill(): Promise<void>;
  /** SIGTERM: the server closes gracefully; answers its exit code. */
  stop(): Promise<number | null>;
  sample(): Promise<Sample>;
}

export function startServer(options: {
  name: string;
  entry: string;
  port: number;
  env: Record<string, string>;
}): ServerProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  // The test runner's own variables are not the server's business.
  for (const key of Object.keys(env))
    if (key.startsWith('VITEST') || key === 'TEST_DATABASE_URL') delete env[key];
  const child = spawn(process.execPath, [...apiNodeFlags, '--expose-gc', '--import', probe, options.entry], {
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > keptOutput * 2) output = output.slice(-keptOutput);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const base = `http://127.0.0.1:${options.port}`;

  let sampleId = 0;
  const server: ServerProcess = {
    name: options.name,
    base,
    pid: child.pid ?? 0,
    child,
    exited,
    output: () => output.slice(-keptOutput),
    async ready(timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(
            `${options.name} ended (${child.exitCode ?? child.signalCode}): ${output.slice(-4000)}`,
          );
        }
        if (Date.now() > deadline) {
          throw new Error(`${options.name} did not get ready in ${timeoutMs} ms: ${output.slice(-4000)}`);
        }
        try {
          const response = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5_000) });
          await response.arrayBuffer();
          if (response.status === 200) return;
        } catch {
          // Not listening yet.
        }
        await pause(100);
      }
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    sample() {
      const id = ++sampleId;
      return new Promise<Sample>((done, fail) => {
        const timer = setTimeout(() => {
          child.off('message', onMessage);
          fail(new Error(`${options.name} did not answer the memory probe`));
        }, 30_000);
        const onMessage = (message: unknown) => {
          const answer = message as {
            type?: string;
            id?: number;
            memory: NodeJS.MemoryUsage;
            resources: Record<string, number>;
          };
          if (answer?.type !== 'faults:sample' || answer.id !== id) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          done({
            heapUsed: answer.memory.heapUsed,
            rss: answer.memory.rss,
            external: answer.memory.external,
            resources: answer.resources,
            handles: Object.values(answer.resources).reduce((sum, n) => sum + n, 0),
            fds: openFds(child.pid ?? 0),
          });
        };
        child.on('message', onMessage);
        child.send({ type: 'faults:sample', id });
      });
    },
  };
  return server;
}

function openFds(pid: number): number {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return -1;
  }
}

/** Resident memory as the kernel counts it (VmRSS), in bytes; -1 where /proc is not there. */
export function residentBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : -1;
  } catch {
    return -1;
  }
}
