import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { inputError, type HttpError } from './http-error';

/**
 * zod at the edge: every header set, query, params and body is parsed with a contract schema,
 * and the first problem becomes a 400 that names the field ("body.number: must be ...").
 * Routes declare their schemas (`schema: { body, querystring, params, response }`, typed by
 * fastify-type-provider-zod) and Fastify runs `zodValidatorCompiler` on them; `parseInput`
 * stays for what is not a request part Fastify validates (multipart fields, a value that is
 * in the body or the query).
 */
export type InputPart = 'body' | 'query' | 'params' | 'headers';

/** zod's default texts start with "Invalid input: "; the field name already says that. */
const tidy = (message: string) => message.replace(/^Invalid input:\s*/i, '');

export function describeIssue(issue: z.core.$ZodIssue, part: InputPart): { field: string; why: string } {
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const path = [...issue.path, key].map(String).join('.');
    return { field: `${part}.${path}`, why: `unknown field ${key}` };
  }
  const path = issue.path.map(String).join('.');
  return { field: path ? `${part}.${path}` : part, why: tidy(issue.message) };
}

type Parsed<S extends z.ZodType> = { ok: true; value: z.output<S> } | { ok: false; error: HttpError };

function check<S extends z.ZodType>(schema: S, value: unknown, part: InputPart): Parsed<S> {
  // An absent body (no content) reads as an empty form, so optional-only bodies may be left out.
  const input = value === undefined && part !== 'headers' ? {} : value;
  const result = schema.safeParse(input, {
    error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined),
  });
  if (result.success) return { ok: true, value: result.data };
  const first = result.error.issues[0];
  if (!first) return { ok: false, error: inputError(part, 'is invalid') };
  const { field, why } = describeIssue(first, part);
  return { ok: false, error: inputError(field, why) };
}

export function parseInput<S extends z.ZodType>(schema: S, value: unknown, part: InputPart): z.output<S> {
  const parsed = check(schema, value, part);
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}

const PARTS: Readonly<Record<string, InputPart>> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

/**
 * The route schemas' validator: the same parse as parseInput, so a schema on a route answers
 * exactly what a parse in its handler did. fastify-type-provider-zod's own validatorCompiler is
 * not used because its issues no longer tell a missing field ("is required") from a wrong one.
 * The HttpError it returns reaches the error handler as it is (Fastify keeps its statusCode and code).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = PARTS[httpPart ?? 'body'] ?? 'body';
  return (data: unknown) => {
    const parsed = check(schema, data, part);
    return parsed.ok ? { value: parsed.value } : { error: parsed.error };
  };
};

/**
 * Installs the route schemas' compilers: zodValidatorCompiler for input, the type provider's
 * serializer for `response` schemas. Fastify hands a validator an absent body as null, which
 * would refuse an optional-only body; a route with a body schema and no body reads `{}`, as
 * parseInput did (a JSON `null` body stays null, and is refused).
 */
export function installSchemaCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // On the routes with a body schema only, first of their preValidation hooks (where a hook on
  // every route ran): a GET is not handed a hook that has nothing to do.
  app.addHook('onRoute', (route) => {
    if (route.schema?.body) prependRouteHook(route, 'preValidation', absentBodyAsEmpty);
  });
}

function absentBodyAsEmpty(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (request.body === undefined) request.body = {};
  done();
}

type RouteHookName = 'onRequest' | 'preValidation' | 'preHandler';

/**
 * Puts `hook` before a route's own hooks of that name: it runs where a hook added to the scope
 * would have (after the scopes' hooks, before the route's), on this route only.
 */
export function prependRouteHook(route: RouteOptions, name: RouteHookName, hook: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void): void;
export function prependRouteHook(route: RouteOptions, name: RouteHookName, hook: (request: FastifyRequest, reply: FastifyReply) => Promise<void>): void;
export function prependRouteHook(route: RouteOptions, name: RouteHookName, hook: unknown): void {
  const own = route[name] as unknown;
  const list = own === undefined ? [] : Array.isArray(own) ? own : [own];
  (route as unknown as Record<RouteHookName, unknown[]>)[name] = [hook, ...list];
}
