import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_VERSION } from '@join/shared/contract';

/** Where the API's OpenAPI description is served. */
export const OPENAPI_PATH = '/api/openapi.json';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The OpenAPI description of the API, generated from the same zod schemas the routes declare
 * (the type provider's jsonSchemaTransform turns them into JSON Schema). Only the API's routes
 * are described: the static files and the dev routes are hidden. Served as JSON, no UI.
 * Registered before the routes: @fastify/swagger collects them as they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Join API',
        description: 'The operator API of the tourist SIM sign-up (SPEC section 7). Every route under /api but the session-less ones reads the SPEC 7 headers.',
        version: API_VERSION,
      },
    },
    transform: (input: TransformInput) =>
      input.url.startsWith('/api/') && input.url !== OPENAPI_PATH ? jsonSchemaTransform(input) : { schema: { hide: true }, url: input.url },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
