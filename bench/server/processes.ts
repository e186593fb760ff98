// Servers under test run as processes of their own, as `npm start` runs the API: started, waited for, stopped.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { createServer } from 'node:net';

export interface Running {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Milliseconds from spawn until the readiness URL first answered 200. */
  readyMs: number;
  logFile: string;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `node <args>` with `env` added, stdout and stderr into `logFile`, and polls `readyPath` every 10 ms
 * until it answers 200 (or the process exits, or `timeoutMs` passes).
 */
export async function startServer(options: {
  args: string[];
  env: Record<string, string>;
  logFile: string;
  readyPath: string;
  port?: number;
  timeoutMs?: number;
}): Promise<Running> {
  const port = options.port ?? (await freePort());
  const fd = openSync(options.logFile, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, options.args, {
    env: { SHUTDOWN_DRAIN_MS: '0', ...process.env, ...options.env, PORT: String(port) },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  for (;;) {
    if (exited !== null)
      throw new Error(`${options.args.join(' ')} exited with ${exited}; see ${options.logFile}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.args.join(' ')} was not ready in time; see ${options.logFile}`);
    }
    try {
      const response = await fetch(`${baseUrl}${options.readyPath}`);
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { child, port, baseUrl, readyMs: performance.now() - started, logFile: options.logFile };
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
export function stopServer(running: Running, graceMs = 15_000): Promise<void> {
  const { child } = running;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
