import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** coturn's server (Debian: `apt-get install -y coturn`); the TURN journeys run where it is installed. */
export const turnServerPath = process.env.TURNSERVER_PATH ?? '/usr/bin/turnserver';

export const hasTurnServer = existsSync(turnServerPath);

/** A free TCP port on this machine (for a server a journey starts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface TurnServer {
  /** Its UDP and TCP port on 127.0.0.1. */
  port: number;
  stop(): void;
}

/**
 * A local coturn configured as docs/calls.md says (use-auth-secret with `secret`), listening on 127.0.0.1 for
 * UDP and TCP, relaying on 127.0.0.1 (the journeys' peers are on this machine).
 */
export async function startTurnServer(secret: string): Promise<TurnServer> {
  const port = await freePort();
  const turn: ChildProcess = spawn(
    turnServerPath,
    [
      '-n',
      '--listening-ip=127.0.0.1',
      `--listening-port=${port}`,
      '--relay-ip=127.0.0.1',
      '--min-port=49152',
      '--max-port=49400',
      `--pidfile=${join(tmpdir(), `turnserver-${process.pid}-${port}.pid`)}`,
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=myprosper.test',
      '--fingerprint',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      // The only address of this machine is the loopback one; production configs deny private peers.
      '--allow-loopback-peers',
      '--log-file=stdout',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('coturn did not start')), 15_000);
    let printed = '';
    turn.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      if (/Total General servers/i.test(printed)) {
        clearTimeout(timer);
        resolve();
      }
    });
    turn.once('exit', (code) => reject(new Error(`coturn exited with ${code}`)));
  });
  // Its log is read only until it is up; after that it must not fill the pipe.
  turn.stdout?.resume();
  turn.stderr?.resume();
  return { port, stop: () => turn.kill('SIGTERM') };
}
