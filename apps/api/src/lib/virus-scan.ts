import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { connect, type Socket } from 'node:net';

/**
 * A client of ClamAV's daemon (clamd) over TCP, speaking its INSTREAM command: `zINSTREAM\0`, then the file in
 * chunks each led by its length (4 bytes, big-endian), then a zero length. clamd answers `stream: OK\0` or
 * `stream: <signature> FOUND\0` (or `... ERROR\0`, e.g. when the file is over its StreamMaxLength).
 */

export interface ClamdAddress {
  host: string;
  port: number;
}

export type ScanVerdict = { clean: true } | { clean: false; signature: string };

/** clamd could not give a verdict: not reachable, too slow, or answering with an error. */
export class ScanUnavailableError extends Error {
  override name = 'ScanUnavailableError';
}

/** The address of `tcp://host:port`. */
export function clamdAddress(url: string): ClamdAddress {
  const parsed = new URL(url);
  if (parsed.protocol !== 'tcp:' || !parsed.hostname || !parsed.port) {
    throw new Error(`clamd address must read tcp://host:port, not ${url}`);
  }
  return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(parsed.port) };
}

/**
 * Sends the file at `path` to clamd and reads its verdict. Fails with ScanUnavailableError when clamd cannot be
 * reached, answers with an error, or is silent for `idleMs` (connecting, taking the file or scanning it).
 */
export async function scanFile(address: ClamdAddress, path: string, idleMs: number): Promise<ScanVerdict> {
  const socket = connect(address);
  socket.setTimeout(idleMs, () => socket.destroy(new Error(`no answer in ${idleMs} ms`)));
  try {
    const reply = readReply(socket);
    // An answer may come before the whole file went (clamd refusing it): the answer counts, not the write.
    sendFile(socket, path).catch((error: Error) => socket.destroy(error));
    return verdictOf(await reply);
  } catch (error) {
    if (error instanceof ScanUnavailableError) throw error;
    throw new ScanUnavailableError(`clamd at ${address.host}:${address.port}: ${(error as Error).message}`);
  } finally {
    socket.destroy();
  }
}

/** The verdict in clamd's answer to INSTREAM. */
export function verdictOf(reply: string): ScanVerdict {
  if (reply === 'stream: OK') return { clean: true };
  const found = /^stream: (.+) FOUND$/.exec(reply);
  if (found) return { clean: false, signature: found[1]! };
  throw new ScanUnavailableError(`clamd answered: ${reply || '(nothing)'}`);
}

async function sendFile(socket: Socket, path: string): Promise<void> {
  if (socket.connecting) await once(socket, 'connect');
  await write(socket, Buffer.from('zINSTREAM\0'));
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 })) {
    const length = Buffer.alloc(4);
    length.writeUInt32BE((chunk as Buffer).length);
    await write(socket, Buffer.concat([length, chunk as Buffer]));
  }
  await write(socket, Buffer.alloc(4));
}

/** Writes, waiting for the socket to take more when it is full; fails if the socket is closed meanwhile. */
function write(socket: Socket, bytes: Buffer): Promise<void> {
  if (socket.destroyed) return Promise.reject(new Error('clamd closed the connection'));
  return new Promise((written, failed) => {
    const onClose = () => failed(new Error('clamd closed the connection'));
    socket.once('close', onClose);
    socket.write(bytes, (error) => {
      socket.off('close', onClose);
      if (error) failed(error);
      else written();
    });
  });
}

/** clamd's answer, up to its terminating NUL (or the end of the connection). */
function readReply(socket: Socket): Promise<string> {
  return new Promise((answered, failed) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\0');
      if (end >= 0) answered(text.slice(0, end).trim());
    });
    socket.once('end', () => answered(text.trim()));
    // `on`, not `once`: a second error (a write failing after the first) must find a listener too.
    socket.on('error', failed);
    socket.once('close', () => failed(new Error('clamd closed the connection without an answer')));
  });
}
