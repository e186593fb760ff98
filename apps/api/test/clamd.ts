import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * ClamAV's daemon for the tests, started in a folder of its own on a free port of 127.0.0.1 with one signature:
 * the EICAR test file (a body signature, found anywhere in any file). There are no signature downloads here,
 * and none are needed: EICAR is what every antivirus agrees to find.
 */

/** clamd (Debian: `apt-get install -y clamav-daemon`), or CLAMD_PATH. */
export const clamdPath = process.env.CLAMD_PATH ?? '/usr/sbin/clamd';

/** The 68 bytes of the EICAR anti-virus test file. */
export const eicar = Buffer.from('X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*');
export const eicarSignature = 'Eicar-Test-Signature';
/** The name clamd reports for it: signatures of an unsigned database are marked UNOFFICIAL. */
export const eicarFound = `${eicarSignature}.UNOFFICIAL`;

export interface Clamd {
  url: string;
  port: number;
  /** Freezes the daemon (SIGSTOP): its port still takes connections, nothing answers. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

async function freeTcpPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Whether clamd answers PING with PONG on 127.0.0.1:`port` within `timeoutMs`. */
export async function answersPing(port: number, timeoutMs: number): Promise<boolean> {
  const socket = connect({ host: '127.0.0.1', port });
  socket.setTimeout(timeoutMs);
  try {
    return await new Promise<boolean>((answered) => {
      let text = '';
      socket.on('connect', () => socket.write('zPING\0'));
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('\0')) answered(text.startsWith('PONG'));
      });
      socket.on('timeout', () => answered(false));
      socket.on('error', () => answered(false));
      socket.on('close', () => answered(false));
    });
  } finally {
    socket.destroy();
  }
}

/**
 * clamd ready to scan: it answers PING. A port taken meanwhile by another process, or a clamd too slow to start
 * on a loaded machine, is given up and clamd started again on another port.
 */
export async function startClamd(): Promise<Clamd> {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= 3; attempt++) {
    const started = await spawnClamd();
    if (await waitForPing(started.port, 30_000)) return started;
    failures.push(`port ${started.port}: no PONG in 30 s\n${started.output()}`);
    await started.stop();
  }
  throw new Error(`clamd did not answer:\n${failures.join('\n')}`);
}

async function waitForPing(port: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await answersPing(port, 2_000)) return true;
    await new Promise((pause) => setTimeout(pause, 200));
  }
  return false;
}

async function spawnClamd(): Promise<Clamd & { output(): string }> {
  const dir = mkdtempSync(join(tmpdir(), 'clamd-'));
  const port = await freeTcpPort();
  writeFileSync(join(dir, 'eicar.ndb'), `${eicarSignature}:0:*:${eicar.toString('hex')}\n`);
  const config = join(dir, 'clamd.conf');
  writeFileSync(
    config,
    [
      `TCPSocket ${port}`,
      'TCPAddr 127.0.0.1',
      `DatabaseDirectory ${dir}`,
      'Foreground yes',
      `PidFile ${join(dir, 'clamd.pid')}`,
      `LogFile ${join(dir, 'clamd.log')}`,
      // As production is told to: a whole video of 200 MB is scanned, not refused.
      'StreamMaxLength 210M',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(clamdPath, ['-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const read = (chunk: Buffer) => {
    printed += chunk.toString();
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await new Promise<void>((started, failed) => {
    child.once('spawn', started);
    child.once('error', (error) =>
      failed(
        new Error(
          `clamd is needed for this test: ${clamdPath} could not be started (${error.message}). ` +
            'Install it (Debian: apt-get install -y clamav-daemon) or set CLAMD_PATH.',
        ),
      ),
    );
  });
  let running = true;
  void exited.then(() => {
    running = false;
  });
  return {
    url: `tcp://127.0.0.1:${port}`,
    port,
    output: () => printed,
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    stop: async () => {
      if (running) {
        child.kill('SIGCONT');
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
