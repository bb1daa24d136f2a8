import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sandboxHeaders } from '../headers';
import { html } from '../html';
import { startOnOwnOrigin, type RunningSandbox } from '../listen';
import type { Outbox, OutboxMessage } from './mail-sink';

/**
 * The mail sandbox's outbox on its own origin (loopback only, like every sandbox): what was
 * mailed, newest first, so a tester (GET /outbox in a browser) and the suites (GET
 * /outbox.json?to=...) can read a verification code. The operator API's /dev/outbox reads it from
 * here (JOIN_DEV_OUTBOX=1 on the product server).
 */
const Query = z.object({ to: z.string().trim().max(254).optional() });


export async function buildOutboxApp(outbox: Outbox): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  // Every sandbox's headers (headers.ts: a plain page, no script, nothing inline), never cached.
  await sandboxHeaders(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const read = (query: unknown): { messages: OutboxMessage[]; to: string | null } | { error: string } => {
    const parsed = Query.safeParse(query);
    if (!parsed.success) return { error: `query.${parsed.error.issues[0]?.path.join('.') ?? ''}` };
    const to = parsed.data.to || null;
    return { messages: outbox.list(to ? { to } : {}), to };
  };

  app.get('/outbox.json', async (request, reply) => {
    const result = read(request.query);
    if ('error' in result) return reply.code(400).send({ code: 'bad_request', field: result.error });
    return reply.send(result.messages);
  });

  app.get('/outbox', async (request, reply) => {
    const result = read(request.query);
    if ('error' in result) return reply.code(400).send({ code: 'bad_request', field: result.error });
    return reply.type('text/html; charset=utf-8').send(outboxPage(result.messages, result.to).value);
  });
  return app;
}

export function startOutboxApp(outbox: Outbox, port: number): Promise<RunningSandbox> {
  return startOnOwnOrigin(() => buildOutboxApp(outbox), port);
}

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
<p>What was mailed since the sandbox started (the last 200 messages, newest first)${to ? html`, to <bdi>${to}</bdi>` : ''}. The same as JSON, with the HTML parts: <a href="/outbox.json${to ? `?to=${encodeURIComponent(to)}` : ''}">outbox.json</a>.</p>
<form method="get" action="/outbox">
<label for="to">Recipient</label>
<input id="to" name="to" type="email" dir="ltr" autocomplete="off" value="${to ?? ''}">
<button type="submit">Show</button>
</form>
${messages.length === 0 ? html`<p role="status">No messages yet.</p>` : html`<ol reversed>${items}</ol>`}
</main>
</body>
</html>`;
}
