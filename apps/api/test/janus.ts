import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';

/**
 * Janus (Debian `janus` 1.1.2) for the tests: started in the foreground with a config folder of its own
 * (never /etc/janus, never the system service), WebSocket transport only, the VideoRoom plugin only, token
 * auth on, a generated admin secret and VideoRoom admin key, media on a narrow UDP range. Janus offers no ICE
 * candidates on loopback, so it listens on (and offers) the machine's first non-loopback IPv4 address.
 */

export const janusPath = process.env.JANUS_PATH ?? '/usr/bin/janus';
const libDir = process.env.JANUS_LIB_DIR ?? '/usr/lib/x86_64-linux-gnu/janus';

export interface JanusServer {
  /** The browser's (and the API's) WebSocket address, ws://<address>:<port>. */
  url: string;
  adminUrl: string;
  adminSecret: string;
  adminKey: string;
  /** The address Janus offers ICE candidates on. */
  address: string;
  /** Janus's log so far (for failure messages). */
  log(): string;
  stop(): Promise<void>;
}

/** The machine's first non-loopback IPv4 address and its interface (Janus skips loopback for ICE). */
export function ownAddress(): { address: string; iface: string } {
  for (const [iface, entries] of Object.entries(networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (entry.family === 'IPv4' && !entry.internal) return { address: entry.address, iface };
    }
  }
  throw new Error(
    'Janus needs a non-loopback IPv4 address for ICE (it skips loopback); add one, e.g. a dummy interface: ' +
      'ip link add janustest0 type dummy && ip addr add 192.0.2.1/24 dev janustest0 && ip link set janustest0 up',
  );
}

async function freePort(host: string): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, host, done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

const unusedPlugins = [
  'audiobridge',
  'duktape',
  'echotest',
  'lua',
  'nosip',
  'recordplay',
  'sip',
  'streaming',
  'textroom',
  'videocall',
  'voicemail',
].map((name) => `libjanus_${name}.so`);
const unusedTransports = ['http', 'mqtt', 'nanomsg', 'pfunix', 'rabbitmq'].map(
  (name) => `libjanus_${name}.so`,
);

function writeConfig(
  dir: string,
  options: {
    address: string;
    iface: string;
    wsPort: number;
    adminPort: number;
    adminSecret: string;
    adminKey: string;
    rtpFrom: number;
  },
) {
  writeFileSync(
    join(dir, 'janus.jcfg'),
    `general: {
  configs_folder = "${dir}"
  plugins_folder = "${libDir}/plugins"
  transports_folder = "${libDir}/transports"
  events_folder = "${libDir}/events"
  loggers_folder = "${libDir}/loggers"
  debug_level = 4
  admin_secret = "${options.adminSecret}"
  token_auth = true
  session_timeout = 60
  protected_folders = ["/bin", "/boot", "/dev", "/etc", "/lib", "/proc", "/root", "/sbin", "/sys", "/usr", "/var"]
}
certificates: {
}
media: {
  rtp_port_range = "${options.rtpFrom}-${options.rtpFrom + 199}"
}
nat: {
  ice_enforce_list = "${options.iface}"
  ignore_mdns = true
  nice_debug = false
}
plugins: {
  disable = "${unusedPlugins.join(',')}"
}
transports: {
  disable = "${unusedTransports.join(',')}"
}
loggers: {
  disable = "libjanus_jsonlog.so"
}
events: {
  broadcast = false
}
`,
  );
  writeFileSync(
    join(dir, 'janus.transport.websockets.jcfg'),
    `general: {
  json = "compact"
  ws = true
  ws_port = ${options.wsPort}
  ws_ip = "${options.address}"
  wss = false
}
admin: {
  admin_ws = true
  admin_ws_port = ${options.adminPort}
  admin_ws_ip = "${options.address}"
  admin_wss = false
}
`,
  );
  writeFileSync(
    join(dir, 'janus.plugin.videoroom.jcfg'),
    `general: {
  admin_key = "${options.adminKey}"
}
`,
  );
}

/** Whether Janus answers `info` on `url` (with the VideoRoom plugin loaded) within `timeoutMs`. */
export async function janusAnswers(url: string, timeoutMs: number): Promise<boolean> {
  return new Promise<boolean>((answered) => {
    const ws = new WebSocket(url, 'janus-protocol');
    const timer = setTimeout(() => finish(false), timeoutMs);
    function finish(result: boolean) {
      clearTimeout(timer);
      ws.removeAllListeners();
      ws.on('error', () => undefined);
      ws.terminate();
      answered(result);
    }
    ws.on('open', () => ws.send(JSON.stringify({ janus: 'info', transaction: 'ready' })));
    ws.on('message', (data) => {
      const reply = JSON.parse(data.toString()) as { janus?: string; plugins?: Record<string, unknown> };
      finish(reply.janus === 'server_info' && Boolean(reply.plugins?.['janus.plugin.videoroom']));
    });
    ws.on('error', () => finish(false));
  });
}

/**
 * A Janus of this test run, ready (it answers `info` with the VideoRoom plugin). Janus not installed is a
 * failure with a clear message: CI installs it (.ci/run).
 */
export async function startJanus(): Promise<JanusServer> {
  if (!existsSync(janusPath)) {
    throw new Error(
      `Janus is not installed (${janusPath} is missing): apt-get install -y janus, then stop its system service ` +
        '(systemctl disable --now janus); .ci/run does both. Or set JANUS_PATH.',
    );
  }
  const failures: string[] = [];
  for (let attempt = 1; attempt <= 3; attempt++) {
    const started = await spawnJanus();
    if (await waitForInfo(started, 30_000)) return started;
    failures.push(`${started.url}: no server_info in 30 s\n${started.log()}`);
    await started.stop();
  }
  throw new Error(`Janus did not start:\n${failures.join('\n')}`);
}

async function waitForInfo(janus: JanusServer & { exited(): boolean }, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && !janus.exited()) {
    if (await janusAnswers(janus.url, 2_000)) return true;
    await new Promise((pause) => setTimeout(pause, 200));
  }
  return false;
}

async function spawnJanus(): Promise<JanusServer & { exited(): boolean }> {
  const { address, iface } = ownAddress();
  const dir = mkdtempSync(join(tmpdir(), 'janus-'));
  const wsPort = await freePort(address);
  const adminPort = await freePort(address);
  const adminSecret = randomBytes(18).toString('base64url');
  const adminKey = randomBytes(18).toString('base64url');
  // A random UDP range of 200 ports between 20000 and 59800, so test runs side by side rarely share one.
  const rtpFrom = 20_000 + Math.floor(Math.random() * 199) * 200;
  writeConfig(dir, { address, iface, wsPort, adminPort, adminSecret, adminKey, rtpFrom });
  const logFile = join(dir, 'janus.log');
  const child: ChildProcess = spawn(
    janusPath,
    ['-F', dir, '-C', join(dir, 'janus.jcfg'), '-o', '-N', '-L', logFile],
    { stdio: 'ignore' },
  );
  let exited = false;
  const done = new Promise<void>((resolve) => {
    child.on('exit', () => {
      exited = true;
      resolve();
    });
    child.on('error', () => {
      exited = true;
      resolve();
    });
  });
  const log = () => {
    try {
      return readFileSync(logFile, 'utf8').slice(-4000);
    } catch {
      return '(no log)';
    }
  };
  return {
    url: `ws://${address}:${wsPort}`,
    adminUrl: `ws://${address}:${adminPort}`,
    adminSecret,
    adminKey,
    address,
    log,
    exited: () => exited,
    stop: async () => {
      if (!exited) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await done;
        clearTimeout(killer);
      }
      // JANUS_KEEP_LOGS=1 keeps the folder (config and log) for a look after a failure.
      if (process.env.JANUS_KEEP_LOGS) console.warn(`Janus's folder kept: ${dir}`);
      else rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A browser's side of Janus's API, for tests: one socket (`janus-protocol`), requests matched by transaction
 * (an `ack` waits for the plugin's event of the same transaction), and the events Janus sends on its own.
 */
export class JanusTestClient {
  readonly events: Array<Record<string, unknown>> = [];
  private readonly waiting = new Map<string, (reply: Record<string, unknown>) => void>();
  private next = 0;
  sessionId: number | null = null;

  private constructor(
    private readonly ws: WebSocket,
    private readonly token: string | undefined,
  ) {
    ws.on('message', (data) => {
      const reply = JSON.parse(data.toString()) as Record<string, unknown>;
      const transaction = reply.transaction as string | undefined;
      if (reply.janus === 'ack') return;
      const wake = transaction ? this.waiting.get(transaction) : undefined;
      if (wake) {
        this.waiting.delete(transaction!);
        wake(reply);
      } else this.events.push(reply);
    });
  }

  static open(url: string, token?: string): Promise<JanusTestClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, 'janus-protocol');
      ws.once('open', () => resolve(new JanusTestClient(ws, token)));
      ws.once('error', reject);
    });
  }

  request(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const transaction = `t${++this.next}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Janus did not answer ${JSON.stringify(body)}`)),
        8_000,
      );
      this.waiting.set(transaction, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      const scope = this.sessionId === null || body.janus === 'create' ? {} : { session_id: this.sessionId };
      this.ws.send(
        JSON.stringify({ ...scope, ...body, transaction, ...(this.token ? { token: this.token } : {}) }),
      );
    });
  }

  /** A Janus session (or the error Janus answered). */
  async create(): Promise<Record<string, unknown>> {
    const reply = await this.request({ janus: 'create' });
    if (reply.janus === 'success') this.sessionId = (reply.data as { id: number }).id;
    return reply;
  }

  /** A VideoRoom handle's id. */
  async attach(): Promise<number> {
    const reply = await this.request({ janus: 'attach', plugin: 'janus.plugin.videoroom' });
    if (reply.janus !== 'success') throw new Error(`attach refused: ${JSON.stringify(reply)}`);
    return (reply.data as { id: number }).id;
  }

  /** A VideoRoom request on a handle: the plugin's data (or Janus's error reply). */
  async message(handleId: number, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const reply = await this.request({ janus: 'message', handle_id: handleId, body });
    const data = (reply.plugindata as { data?: Record<string, unknown> } | undefined)?.data;
    return data ?? reply;
  }

  /** Waits for an event Janus sent on its own that matches `where`. */
  async event(where: (event: Record<string, unknown>) => boolean, timeoutMs = 8_000) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const found = this.events.find(where);
      if (found) return found;
      await new Promise((pause) => setTimeout(pause, 50));
    }
    throw new Error(`no such Janus event; got ${JSON.stringify(this.events)}`);
  }

  close(): void {
    this.ws.close();
  }
}
