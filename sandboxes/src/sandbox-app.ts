import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sandboxHeaders, type SandboxHeaderOptions } from './headers';

/**
 * What every sandbox's Fastify app starts with, from one place: bodies of at most 16 KiB (no
 * provider call needs more), every sandbox's security headers (headers.ts, with the sandbox's own
 * exceptions), and HTML forms read (the pages post plain forms). The logger is off unless asked
 * for: nothing of a body (a card number, an address) is ever logged.
 */
export async function sandboxApp(options: { logger?: boolean | undefined; headers?: SandboxHeaderOptions } = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 16 * 1024 });
  await sandboxHeaders(app, options.headers);
  await app.register(formbody);
  return app;
}

/** Printable ASCII, as the IETF Idempotency-Key draft allows, up to 255 characters. */
export const IdempotencyKeyHeader = z.string().regex(/^[\x21-\x7e]{1,255}$/);

/**
 * A provider's words for a refused request: the courier and the eSIM service explain in `message`,
 * the BNPL provider (Spotii's shape) in `detail`.
 */
export type ExplainedIn = 'message' | 'detail';

/** The request's Idempotency-Key, or null once it has answered 400 idempotency_key_required. */
export function requireIdempotencyKey(request: FastifyRequest, reply: FastifyReply, explainedIn: ExplainedIn = 'message'): string | null {
  const key = IdempotencyKeyHeader.safeParse(request.headers['idempotency-key']);
  if (key.success) return key.data;
  void reply.code(400).send({ error: 'idempotency_key_required', [explainedIn]: 'Idempotency-Key: 1 to 255 printable ASCII characters' });
  return null;
}

/** The body as `schema` reads it, or null once it has answered 400 invalid_request naming each field. */
export function requireBody<T>(schema: z.ZodType<T>, request: FastifyRequest, reply: FastifyReply, explainedIn: ExplainedIn = 'message'): T | null {
  const body = schema.safeParse(request.body);
  if (body.success) return body.data;
  void reply.code(400).send({ error: 'invalid_request', [explainedIn]: issuesText(body.error.issues) });
  return null;
}

/** What a keyed request made (or, `replayed`, made before for the same key and body: `Idempotent-Replayed: true`). */
export const sendMade = (reply: FastifyReply, status: 200 | 201, replayed: boolean, body: unknown): FastifyReply =>
  (replayed ? reply.header('idempotent-replayed', 'true') : reply).code(status).send(body);

/** A time as the sandboxes' JSON gives it (ISO 8601), or null. */
export const iso = (t: number | null): string | null => (t === null ? null : new Date(t).toISOString());

/** A body's problems as one message naming each field ("dropoff.phone: must be 8 to 15 digits; ..."). */
export const issuesText = (issues: readonly z.core.$ZodIssue[]): string => issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');

/** An option given as a value or, when known only after listen (the port), as a function. */
export const lazy = <T extends string>(value: T | (() => T)): (() => T) => (typeof value === 'function' ? value : () => value);

/** A page of the sandbox: HTML, never cached (`headers` adds a page's own, e.g. its CSP). */
export const sendPage = (reply: FastifyReply, status: number, body: string): FastifyReply =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

/** A page file (public-files.ts) served at `path` with its type; `cacheControl` when it may be kept. */
export function serveFile(app: FastifyInstance, path: string, body: string, type: 'text/css' | 'text/javascript', cacheControl?: string): void {
  app.get(path, async (_request, reply) => {
    if (cacheControl) reply.header('cache-control', cacheControl);
    return reply.type(`${type}; charset=utf-8`).send(body);
  });
}

/**
 * A provider's two faces: its JSON API under `apiPrefix` and its pages. An unreadable request
 * (malformed JSON, a body too large) is answered without echoing anything of it (it may carry a
 * customer's address or a card), as JSON on the API and as the sandbox's error page elsewhere; an
 * unknown path likewise.
 */
export function apiAndPageErrors(
  app: FastifyInstance,
  options: {
    apiPrefix: string;
    apiError: (status: number) => object;
    apiNotFound: Record<string, string>;
    errorPage: (reply: FastifyReply, status: number) => FastifyReply;
    notFoundPage: (reply: FastifyReply) => FastifyReply;
  },
): void {
  app.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (request.url.startsWith(options.apiPrefix)) return reply.code(status).send(options.apiError(status));
    return options.errorPage(reply, status === 500 ? 500 : 400);
  });
  app.setNotFoundHandler((request, reply) =>
    request.url.startsWith(options.apiPrefix) ? reply.code(404).send(options.apiNotFound) : options.notFoundPage(reply),
  );
}
