import type { z } from 'zod';
import { badRequest } from './http-error';

/**
 * zod at the edge: every header set, query and body is parsed with a contract schema, and
 * the first problem becomes a 400 that names the field ("body.number: must be ...").
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

export function parseInput<S extends z.ZodType>(schema: S, value: unknown, part: InputPart): z.output<S> {
  // An absent body (no content) reads as an empty form, so optional-only bodies may be left out.
  const input = value === undefined && part !== 'headers' ? {} : value;
  const result = schema.safeParse(input, {
    error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined),
  });
  if (result.success) return result.data;
  const first = result.error.issues[0];
  if (!first) throw badRequest(part, 'is invalid');
  const { field, why } = describeIssue(first, part);
  throw badRequest(field, why);
}
