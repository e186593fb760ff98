// Loaded into the API under load (`node --import`): times every request inside the server, from Node's HTTP
// events (the request parsed, its response handed to the system), as Fastify's `responseTime` counts it,
// queueing for a database connection included. The API runs with LOG_LEVEL=warn during the benchmark (per
// request info lines cost throughput), so the times are written here instead: JSON lines with a
// `responseTime` in ms on stdout, the server's log, a batch every 100 ms (load.ts reads them).
import diagnostics from 'node:diagnostics_channel';

const startedAt = new WeakMap();
let lines = [];

function flush() {
  if (lines.length === 0) return;
  process.stdout.write(`${lines.join('\n')}\n`);
  lines = [];
}

diagnostics.subscribe('http.server.request.start', ({ request }) => {
  startedAt.set(request, performance.now());
});
diagnostics.subscribe('http.server.response.finish', ({ request }) => {
  const started = startedAt.get(request);
  if (started === undefined) return;
  lines.push(`{"msg":"bench request timed","responseTime":${(performance.now() - started).toFixed(3)}}`);
});
setInterval(flush, 100).unref();
process.on('exit', flush);
