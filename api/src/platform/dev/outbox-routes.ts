import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../refusals';
import { parseInput } from '../http/validate';
import type { Outbox, OutboxMessage } from './outbox';

/**
 * The mail sandbox's outbox on the product server (JOIN_DEV_OUTBOX=1 only): what the API has
 * mailed, newest first, so a tester (GET /dev/outbox in a browser, sent on to the sandbox's own
 * page) and the e2e suite (GET /dev/outbox.json?to=..., read from the sandbox over HTTP) can read a
 * verification code. It shows every code mailed, so it must never be on in production: without an
 * outbox the same paths answer 404, and not the host's page (a page navigation to an unknown path
 * would otherwise get index.html).
 */
const Query = z.object({ to: z.string().trim().max(254).optional() });

/** JSON unless the caller asks for a page: a browser's navigation accepts text/html, a test's fetch does not. */
function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

export async function outboxRoutes(app: FastifyInstance, outbox: Outbox | null): Promise<void> {
  const open = (request: FastifyRequest): { outbox: Outbox; filter: { to?: string } } => {
    if (!outbox) throw notFound(`Nothing at ${request.method} ${request.url.split('?')[0] ?? ''}`);
    const { to } = parseInput(Query, request.query, 'query');
    return { outbox, filter: to ? { to } : {} };
  };
  const read = async (request: FastifyRequest): Promise<OutboxMessage[]> => {
    const { outbox: box, filter } = open(request);
    return box.list(filter);
  };

  app.get('/dev/outbox.json', async (request, reply) => {
    const messages = await read(request);
    return reply.header('cache-control', 'no-store').send(messages);
  });

  app.get('/dev/outbox', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!wantsHtml(request)) return reply.send(await read(request));
    // The page is the mail sandbox's own, on its origin (this machine only, as the sandbox).
    const { outbox: box, filter } = open(request);
    return reply.redirect(box.pageUrl(filter), 302);
  });
}
