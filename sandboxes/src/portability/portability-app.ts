import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireBearer } from '../bearer';
import { sandboxHeaders } from '../headers';
import { startOnOwnOrigin, type RunningSandbox } from '../listen';
import { SubscriberRegistry, type Subscriber } from './subscribers';

/**
 * The number-portability sandbox: the national number-portability database's lookup, as the
 * operator reaches it server to server, on its own origin.
 *
 *   GET /v1/subscribers/:msisdn   (Authorization: Bearer <key>, 401 otherwise)
 *       -> 200 { msisdn, operator, status: active | in_transfer | not_activated }
 *       -> 404 { error: 'not_found' }: no operator of the country has this number
 *       -> 400 { error: 'invalid_msisdn' }: not a UAE mobile number (971 and 9 digits)
 *   GET /health
 *
 * Read only: a transfer the operator starts is its own record (its claim of the number) until
 * the porting completes, which is beyond this flow.
 */
export interface PortabilitySandboxOptions {
  apiKey: string;
  /** The subscribers it knows; the seeded database by default (subscribers.ts). */
  subscribers?: readonly Subscriber[];
  logger?: boolean;
}

const Msisdn = z.string().regex(/^971\d{9}$/);

export async function buildPortabilityApp(options: PortabilitySandboxOptions): Promise<FastifyInstance> {
  const registry = new SubscriberRegistry(options.subscribers);
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 1024 });
  await sandboxHeaders(app);
  requireBearer(app, '/v1/', options.apiKey);

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'not_found', message: 'no such resource' }));

  app.get('/health', async () => ({ status: 'ok' }));

  app.get('/v1/subscribers/:msisdn', async (request, reply) => {
    const msisdn = Msisdn.safeParse((request.params as { msisdn: string }).msisdn);
    if (!msisdn.success) return reply.code(400).send({ error: 'invalid_msisdn', message: 'a UAE mobile number: 971 and 9 digits' });
    const found = registry.find(msisdn.data);
    if (!found) return reply.code(404).send({ error: 'not_found', message: 'no operator of the country has this number' });
    return reply.header('cache-control', 'no-store').send({ msisdn: found.msisdn, operator: found.operatorCode, status: found.status });
  });

  return app;
}

/** Listens on its port (0: any free one) of 127.0.0.1. */
export function startPortabilitySandbox(options: PortabilitySandboxOptions & { port: number }): Promise<RunningSandbox> {
  return startOnOwnOrigin(() => buildPortabilityApp(options), options.port);
}
