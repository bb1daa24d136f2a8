import { z } from 'zod';
import { DEFAULT_NUMBER_HOLD_SECONDS } from '@join/shared/contract';
import { RemoteManifests } from '../static/remotes';

/**
 * The environment is an edge too: every variable the product server reads is parsed here,
 * and a bad value stops the start with a message naming it.
 */
const flag = z
  .enum(['1', '0', 'true', 'false', ''])
  .transform((v) => v === '1' || v === 'true')
  .default(false);
/** An on/off switch that also reads on and off. */
const onOff = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'on')
  .default(false);
const positiveInt = z.coerce.number().int().positive();

const JsonRemotes = z
  .string()
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'is not valid JSON' });
      return z.NEVER;
    }
  })
  .pipe(RemoteManifests);

export const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  JOIN_DB: z.string().min(1).optional(),
  NUMBER_HOLD_SECONDS: positiveInt.default(DEFAULT_NUMBER_HOLD_SECONDS),
  JOIN_MAINTENANCE: z.string().max(64).optional(),
  JOIN_FAIL_BIZ_CONFIG: flag,
  JOIN_REMOTES: JsonRemotes.optional(),
  JOIN_LOGIN_RATE_LIMIT: positiveInt.optional(),
  JOIN_RANDOM_RATE_LIMIT: positiveInt.optional(),
  JOIN_SEARCH_RATE_LIMIT: positiveInt.optional(),
  JOIN_TRANSFER_RATE_LIMIT: positiveInt.optional(),
  JOIN_PROMO_CODES: onOff,
  JOIN_PROMO_RATE_LIMIT: positiveInt.optional(),
  JOIN_FEEDBACK_RATE_LIMIT: positiveInt.optional(),
  JOIN_FEEDBACK_DEVICE_RATE_LIMIT: positiveInt.optional(),
  JOIN_TRUST_PROXY: z
    .string()
    .max(2000)
    .optional()
    .transform((v) => (v ?? '').split(',').map((x) => x.trim()).filter((x) => x.length > 0))
    .refine((list) => list.every((x) => /^[0-9a-fA-F:./]+$|^(loopback|linklocal|uniquelocal)$/.test(x)), {
      message: 'must be a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal',
    }),
  JOIN_HSTS: onOff,
  JOIN_RESERVE_RATE_LIMIT: positiveInt.optional(),
  JOIN_RESERVE_DEVICE_RATE_LIMIT: positiveInt.optional(),
  /** Live holds from one address: "basic,vip" (e.g. 20,3). */
  JOIN_HOLDS_PER_ADDRESS: z
    .string()
    .regex(/^[0-9]{1,6},[0-9]{1,6}$/, 'must be two counts: basic,vip')
    .transform((v) => {
      const [basic, vip] = v.split(',').map(Number);
      return { basic: basic ?? 0, vip: vip ?? 0 };
    })
    .optional(),
  JOIN_TRANSFER_CHECKS_PER_ADDRESS: positiveInt.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type Env = z.infer<typeof Env>;

export function readEnv(env: NodeJS.ProcessEnv): Env {
  const result = Env.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new Error(`Bad environment: ${issue?.path.join('.') ?? '?'} ${issue?.message ?? ''}`.trim());
}
