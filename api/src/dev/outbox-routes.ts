import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../http/http-error';
import { parseInput } from '../http/validate';
import { html } from '../../../sandboxes/src/html';
import type { Outbox, OutboxMessage } from '../../../sandboxes/src/mail-sink/mail-sink';

/**
 * The mail sandbox's outbox on the product server (JOIN_DEV_OUTBOX=1 only): what the API has
 * mailed, newest first, so a tester (GET /dev/outbox in a browser) and the e2e suite
 * (GET /dev/outbox.json?to=...) can read a verification code. It shows every code mailed, so
 * it must never be on in production: without an outbox the same paths answer 404, and not the
 * host's page (a page navigation to an unknown path would otherwise get index.html).
 */
const Query = z.object({ to: z.string().trim().max(254).optional() });

/** JSON unless the caller asks for a page: a browser's navigation accepts text/html, a test's fetch does not. */
function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

export async function outboxRoutes(app: FastifyInstance, outbox: Outbox | null): Promise<void> {
  const read = (request: FastifyRequest): OutboxMessage[] => {
    if (!outbox) throw notFound(`Nothing at ${request.method} ${request.url.split('?')[0] ?? ''}`);
    const { to } = parseInput(Query, request.query, 'query');
    return outbox.list(to ? { to } : {});
  };

  app.get('/dev/outbox.json', async (request, reply) => {
    const messages = read(request);
    return reply.header('cache-control', 'no-store').send(messages);
  });

  app.get('/dev/outbox', async (request, reply) => {
    const messages = read(request);
    reply.header('cache-control', 'no-store');
    if (!wantsHtml(request)) return reply.send(messages);
    const { to } = parseInput(Query, request.query, 'query');
    return reply.type('text/html; charset=utf-8').send(outboxPage(messages, to ?? null).value);
  });
}

/** A plain page (no style or script: the product's CSP allows neither inline). */
function outboxPage(messages: readonly OutboxMessage[], to: string | null) {
  const items = messages.map(
    (m) => html`<li>
<article aria-labelledby="m-${m.id}">
<h2 id="m-${m.id}">${m.subject || '(no subject)'}</h2>
<dl>
<dt>To</dt><dd><bdi>${m.to}</bdi></dd>
<dt>From</dt><dd><bdi>${m.from}</bdi></dd>
<dt>Received</dt><dd><time datetime="${m.received_at}">${m.received_at}</time></dd>
</dl>
<pre>${m.text}</pre>
</article>
</li>`,
  );
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mail sandbox outbox</title>
</head>
<body>
<main>
<h1>Mail sandbox outbox</h1>
<p>What the API has mailed since it started (the last 200 messages, newest first)${to ? html`, to <bdi>${to}</bdi>` : ''}. The same as JSON, with the HTML parts: <a href="/dev/outbox.json${to ? `?to=${encodeURIComponent(to)}` : ''}">outbox.json</a>.</p>
<form method="get" action="/dev/outbox">
<label for="to">Recipient</label>
<input id="to" name="to" type="email" dir="ltr" autocomplete="off" value="${to ?? ''}">
<button type="submit">Show</button>
</form>
${messages.length === 0 ? html`<p role="status">No messages yet.</p>` : html`<ol reversed>${items}</ol>`}
</main>
</body>
</html>`;
}
