// The ceiling of this machine: a bare Fastify route answering a constant, no plugins, no logging. Listens on
// PORT (127.0.0.1) and prints `listening <port>`.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const answer = { status: 'ok', data: 'ceiling' };
app.get('/', async () => answer);

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)));
