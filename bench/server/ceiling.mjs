// The ceiling of this machine: a bare Fastify route answering a constant, no plugins, no logging. Listens on
// PORT (127.0.0.1) and prints `listening <port>`.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { ceilingAnswer } from './ceiling-answer.mjs';

const app = Fastify({ logger: false });
app.get('/', async () => ceilingAnswer);
// The same bare route sending a body of n bytes (at most 1 MB) as a compressed answer has them (random, not
// text): what moving an answer of that size costs this machine, beside an endpoint whose answers are that big.
const bodies = new Map();
app.get('/bytes/:n', async (request, reply) => {
  const n = Math.min(1_048_576, Math.max(0, Number.parseInt(request.params.n, 10) || 0));
  let body = bodies.get(n);
  if (!body) {
    body = randomBytes(n);
    bodies.set(n, body);
  }
  return reply.type('application/octet-stream').send(body);
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)));
