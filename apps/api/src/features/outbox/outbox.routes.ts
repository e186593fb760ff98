import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OutboxRepository } from './outbox.repository.ts';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const linkify = (escaped: string) => escaped.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * The sandbox outbox: every e-mail and SMS the app sent, newest first. Served only while SANDBOX is on.
 * /dev/outbox is a page for people; /dev/outbox.json is for tests and scripts.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = new OutboxRepository(app.db.db);
  const query = z.object({ to: z.string().max(320).optional() });

  app.get('/dev/outbox.json', { schema: { hide: true, querystring: query } }, async (request) => {
    const rows = await repository.listLatest(100, request.query.to);
    return {
      statusCode: 200,
      message: 'Success',
      data: rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        recipient: row.recipient,
        subject: row.subject,
        body: row.body,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  });

  app.get('/dev/outbox', { schema: { hide: true, querystring: query } }, async (request, reply) => {
    const rows = await repository.listLatest(100, request.query.to);
    const items = rows
      .map(
        (row) => `<article><header><strong>${row.channel}</strong> to ${escapeHtml(row.recipient)}
<time>${row.createdAt.toISOString()}</time></header>
${row.subject ? `<h2>${escapeHtml(row.subject)}</h2>` : ''}<pre>${linkify(escapeHtml(row.body))}</pre></article>`,
      )
      .join('\n');
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Outbox · MyProsper sandbox</title>
<style>body{font:16px system-ui,sans-serif;margin:0 auto;max-width:720px;padding:16px;color:#1a1b1e}
article{border:1px solid #dee2e6;border-radius:8px;padding:12px;margin:12px 0}
pre{white-space:pre-wrap;word-break:break-word;font:inherit}time{color:#666;margin-left:8px;font-size:14px}
h2{font-size:18px;margin:8px 0}</style></head>
<body><h1>Outbox</h1><p>Messages sent by this MyProsper sandbox, newest first.</p>${items || '<p>No messages yet.</p>'}</body></html>`;
    return reply.type('text/html; charset=utf-8').send(page);
  });
};
