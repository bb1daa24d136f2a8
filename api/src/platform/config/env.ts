import type { z } from 'zod';
import { EnvFields } from './env-fields';
import { productionChecks } from './env-production';
import { providerChecks, sandboxesOf } from './env-providers';

/**
 * The environment is an edge too: every variable the product server reads is parsed here,
 * and a bad value stops the start with a message naming it. The fields are the server's own
 * (env-server.ts) and its providers' (env-provider-fields.ts); the providers' and production's
 * rules are env-providers.ts and env-production.ts.
 */
export { SANDBOX_NAMES, type SandboxName } from './env-provider-fields';
export { providerAddress, SANDBOX_PORT_VARS, sandboxNotAsked } from './env-providers';

export const Env = EnvFields.superRefine((env, ctx) => {
  if (env.JOIN_BNPL_MIN_AED > env.JOIN_BNPL_MAX_AED) ctx.addIssue({ code: 'custom', path: ['JOIN_BNPL_MIN_AED'], message: 'must not be above JOIN_BNPL_MAX_AED' });
  if (env.JOIN_DB && env.JOIN_DATABASE_URL) ctx.addIssue({ code: 'custom', path: ['JOIN_DATABASE_URL'], message: 'and JOIN_DB name two databases: set one' });
  if (env.NODE_ENV === 'production') productionChecks(env, ctx);
  providerChecks(env, ctx);
}).transform((env) => ({ ...env, sandboxes: sandboxesOf(env) }));
export type Env = z.infer<typeof Env>;

export function readEnv(env: NodeJS.ProcessEnv): Env {
  const result = Env.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new Error(`Bad environment: ${issue?.path.join('.') ?? '?'} ${issue?.message ?? ''}`.trim());
}
