import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { readFileSync, rmSync } from 'node:fs';
import { isIPv6 } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnServerPath } from '../../../web/e2e/support/turn-server.ts';
import { turnCredential } from '../../src/features/calls/ice-servers.ts';
import { TurnClient } from './turn-client.ts';

/**
 * ASVS V17.1.1: the TURN relay reaches no private or special address. coturn is started with the very file
 * production is told to use (docs/coturn/denied-peers.conf: `no-multicast-peers` and the `denied-peer-ip`
 * lines) and asked, over UDP as any caller with issued credentials could, for permission to relay to such
 * peers: each is refused with 403. Public peers are permitted by the same coturn to the same credentials, so
 * the refusals are not a broken client; and a coturn started without the file permits the private ones, so
 * the refusals are the file's doing.
 */

const deniedPeersFile = resolve(import.meta.dirname, '../../../../docs/coturn/denied-peers.conf');
const secret = randomBytes(24).toString('hex');
const realm = 'myprosper.test';

/** The documented lines, as coturn reads them (comments and blank lines aside). */
const documentedLines = readFileSync(deniedPeersFile, 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

/** The first and the last address of every documented range (a single address is both). */
const documentedRangeEnds = documentedLines
  .filter((line) => line.startsWith('denied-peer-ip='))
  .flatMap((line) => line.slice('denied-peer-ip='.length).split('-'));

/** Addresses a relay must never reach, by kind. */
const privateAndSpecialPeers = [
  '10.0.0.1', // private
  '172.16.0.1', // private
  '192.168.1.1', // private
  '127.0.0.1', // loopback
  '169.254.1.1', // link-local
  '169.254.169.254', // cloud metadata service
  '100.64.0.1', // shared address space (carrier-grade NAT)
  '0.0.0.0', // "this network"
  '224.0.0.1', // multicast
  '192.0.2.1', // documentation
  '198.18.0.1', // benchmarking
  '240.0.0.1', // reserved
  '255.255.255.255', // broadcast
  '::1', // IPv6 loopback
  'fc00::1', // unique local
  'fd00::2', // unique local (the address of the machine the tests were written on)
  'fe80::1', // IPv6 link-local
  '::ffff:10.0.0.1', // IPv4-mapped private
  '::ffff:127.0.0.1', // IPv4-mapped loopback
  '64:ff9b::a00:1', // NAT64 of 10.0.0.1
  'ff02::1', // IPv6 multicast
];

/** Public addresses, some just outside the denied ranges. */
const publicPeers = [
  '8.8.8.8',
  '1.1.1.1',
  '11.0.0.1',
  '172.32.0.1',
  '2001:4860:4860::8888',
  '2606:4700::1111',
];

async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((done) => socket.bind(0, '127.0.0.1', done));
  const { port } = socket.address();
  await new Promise<void>((done) => socket.close(done));
  return port;
}

interface Coturn {
  port: number;
  /** What coturn printed until it was ready. */
  startOutput: string;
  stop: () => Promise<void>;
}

/** Whether something answers a STUN Binding request on 127.0.0.1:`port` within `timeoutMs`. */
async function answersStun(port: number, timeoutMs: number): Promise<boolean> {
  const socket = createSocket('udp4');
  socket.on('error', () => undefined);
  const request = Buffer.alloc(20);
  request.writeUInt16BE(0x0001, 0); // Binding request, no attributes
  request.writeUInt32BE(0x2112a442, 4); // magic cookie
  randomBytes(12).copy(request, 8);
  const send = () => socket.send(request, port, '127.0.0.1');
  let resend: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;
  try {
    return await new Promise<boolean>((resolve) => {
      deadline = setTimeout(() => resolve(false), timeoutMs);
      resend = setInterval(send, 200);
      socket.once('message', () => resolve(true));
      send();
    });
  } finally {
    clearInterval(resend);
    clearTimeout(deadline);
    socket.close();
  }
}

/**
 * coturn on 127.0.0.1 with TURN REST credentials, relaying from 127.0.0.1 and ::1, plus `configuration`:
 * ready once it answers on its port. A port taken meanwhile by another process (it was free a moment before),
 * or a coturn that never answers on a loaded machine, is given up and coturn started again on another port.
 */
async function startCoturn(name: string, configuration: string[]): Promise<Coturn> {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= 3; attempt++) {
    const started = await spawnCoturn(name, configuration);
    if (await answersStun(started.port, 15_000)) return started;
    failures.push(`port ${started.port}: no answer to a STUN request in 15 s`);
    await started.stop();
  }
  throw new Error(`coturn did not answer:\n${failures.join('\n')}`);
}

async function spawnCoturn(name: string, configuration: string[]): Promise<Coturn> {
  const port = await freeUdpPort();
  const pidFile = join(tmpdir(), `turnserver-${process.pid}-${name}.pid`);
  const child: ChildProcess = spawn(
    turnServerPath,
    [
      ...configuration,
      '--listening-ip=127.0.0.1',
      `--listening-port=${port}`,
      '--relay-ip=127.0.0.1',
      '--relay-ip=::1',
      '--min-port=49401',
      '--max-port=49600',
      `--pidfile=${pidFile}`,
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      `--realm=${realm}`,
      '--fingerprint',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--log-file=stdout',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const startOutput = await new Promise<string>((ready, fail) => {
    let printed = '';
    const timer = setTimeout(() => fail(new Error(`coturn did not start:\n${printed}`)), 15_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      fail(
        new Error(
          `coturn is needed for this test: ${turnServerPath} could not be started (${error.message}). ` +
            'Install it (Debian: apt-get install -y coturn) or set TURNSERVER_PATH.',
        ),
      );
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`coturn exited with ${code}:\n${printed}`));
    });
    const read = (chunk: Buffer) => {
      printed += chunk.toString();
      if (/Total General servers/i.test(printed)) {
        clearTimeout(timer);
        ready(printed);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
  });
  return {
    port,
    startOutput,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(pidFile, { force: true });
    },
  };
}

/** Callers with credentials the API would issue, an IPv4 and an IPv6 relay, and a permission asked per peer. */
async function permissionsFor(server: Coturn, peers: string[]): Promise<Record<string, string>> {
  const credentials = turnCredential(secret, 42, new Date(Date.now() + 60 * 60_000));
  const callers = {
    IPv4: new TurnClient({ host: '127.0.0.1', port: server.port }, credentials),
    IPv6: new TurnClient({ host: '127.0.0.1', port: server.port }, credentials),
  };
  try {
    for (const family of ['IPv4', 'IPv6'] as const) {
      const allocation = await callers[family].allocate(family);
      expect(allocation, `an ${family} relay is allocated`).toMatchObject({
        success: true,
        relayFamily: family,
      });
    }
    const answers: Record<string, string> = {};
    for (const peer of peers) {
      const answer = await callers[isIPv6(peer) ? 'IPv6' : 'IPv4'].createPermission(peer);
      answers[peer] = answer.success ? 'permitted' : `${answer.code} ${answer.reason}`;
    }
    return answers;
  } finally {
    callers.IPv4.close();
    callers.IPv6.close();
  }
}

function each(peers: string[], answer: string): Record<string, string> {
  return Object.fromEntries(peers.map((peer) => [peer, answer]));
}

describe('coturn with the documented peer restrictions (docs/coturn/denied-peers.conf)', () => {
  let coturn: Coturn;

  beforeAll(async () => {
    // `-c` and not `-n`: `-n` makes coturn ignore every configuration file, `-c` given or not.
    coturn = await startCoturn('documented', ['-c', deniedPeersFile]);
  });

  afterAll(async () => {
    await coturn?.stop();
  });

  it('loads every documented line without a configuration error', () => {
    expect(documentedLines).toContain('no-multicast-peers');
    expect(documentedLines.filter((line) => line.startsWith('denied-peer-ip=')).length).toBeGreaterThan(20);
    expect(
      documentedLines.filter((line) => line !== 'no-multicast-peers' && !line.startsWith('denied-peer-ip=')),
    ).toEqual([]);
    expect(coturn.startOutput).not.toMatch(/Bad configuration format|Wrong address format/i);
  });

  it('refuses a relay to private, loopback, link-local, shared, multicast and other special addresses, IPv4 and IPv6', async () => {
    expect(await permissionsFor(coturn, privateAndSpecialPeers)).toEqual(
      each(privateAndSpecialPeers, '403 Forbidden IP'),
    );
  });

  it('refuses the first and the last address of every documented range', async () => {
    expect(await permissionsFor(coturn, documentedRangeEnds)).toEqual(
      each(documentedRangeEnds, '403 Forbidden IP'),
    );
  });

  it('permits public addresses, those just outside the denied ranges included', async () => {
    expect(await permissionsFor(coturn, publicPeers)).toEqual(each(publicPeers, 'permitted'));
  });

  it('gives no relay to credentials signed with another secret', async () => {
    const forged = new TurnClient(
      { host: '127.0.0.1', port: coturn.port },
      turnCredential('another-secret', 42, new Date(Date.now() + 60 * 60_000)),
    );
    try {
      expect(await forged.allocate('IPv4')).toMatchObject({ success: false, code: 401 });
    } finally {
      forged.close();
    }
  });
});

describe('coturn without those lines', () => {
  let coturn: Coturn;

  beforeAll(async () => {
    coturn = await startCoturn('bare', ['-n']);
  });

  afterAll(async () => {
    await coturn?.stop();
  });

  it('permits private, link-local, shared and multicast peers: the refusals above are the file’s doing', async () => {
    const peers = [
      '10.0.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      'fc00::1',
      'fe80::1',
    ];
    expect(await permissionsFor(coturn, peers)).toEqual(each(peers, 'permitted'));
  });
});
