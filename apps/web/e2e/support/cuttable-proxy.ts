import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { freePort } from './turn-server.ts';

/**
 * A browser's whole network, as a journey can cut it: an HTTP proxy (CONNECT tunnels and plain requests) that a
 * browser started with it sends everything through, its calls' media too (Chromium's WebRTC preference
 * `webrtc.ip_handling_policy: disable_non_proxied_udp`: TURN over TCP through the proxy, nothing else). `cut()` closes every connection and refuses new
 * ones, as a phone that loses its signal; `restore()` lets them through again.
 */
export interface CuttableProxy {
  url: string;
  cut(): void;
  restore(): void;
  stop(): Promise<void>;
}

export async function startCuttableProxy(): Promise<CuttableProxy> {
  const port = await freePort();
  const open = new Set<Socket>();
  let isCut = false;
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const server: Server = createServer((request, response) => {
    // A plain request (http://… through the proxy): forwarded, and its answer sent back.
    if (isCut || !request.url) {
      request.socket.destroy();
      return;
    }
    const target = new URL(request.url);
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: Number(target.port || 80),
        method: request.method,
        path: `${target.pathname}${target.search}`,
        headers: request.headers,
        agent: false,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('socket', track);
    upstream.on('error', () => request.socket.destroy());
    request.pipe(upstream);
  });
  server.on('connect', (request, client: Socket, head: Buffer) => {
    track(client);
    if (isCut || !request.url) {
      client.destroy();
      return;
    }
    const [host = '127.0.0.1', targetPort = '443'] = request.url.split(':');
    const upstream = connect(Number(targetPort), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
  });
  server.on('connection', (socket: Socket) => {
    if (isCut) socket.destroy();
    else track(socket);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${port}`,
    cut: () => {
      isCut = true;
      for (const socket of open) socket.destroy();
    },
    restore: () => {
      isCut = false;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
