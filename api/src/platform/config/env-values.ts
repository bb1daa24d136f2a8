import { z } from 'zod';

/** The building blocks of the environment's fields (env-fields.ts): how a switch, a port, a count, a URL or a key reads. */
export const flag = z
  .enum(['1', '0', 'true', 'false', ''])
  .transform((v) => v === '1' || v === 'true')
  .default(false);
/** An on/off switch that also reads on and off. */
export const onOff = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'on')
  .default(false);
/** The same, on unless turned off (SPEC 9 features that are on by default). */
export const onUnlessOff = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', ''])
  .transform((v) => v !== '0' && v !== 'false' && v !== 'off')
  .default(true);
export const positiveInt = z.coerce.number().int().positive();
export const port = z.coerce.number().int().min(0).max(65535);
/** An empty variable (VAR= in a compose file) counts as unset. */
export const unsetIfEmpty = (v: unknown) => (v === '' ? undefined : v);
/** An amount in AED, above zero, with at most two decimals (fils). */
export const aedAmount = z.coerce
  .number()
  .positive()
  .max(10_000_000)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-7, { message: 'must have at most two decimals' });
/** A provider's base URL, http or https (env-providers.ts allows plain http on this machine only). */
export const providerUrl = z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).max(500).optional());
/**
 * A third-party script's address the page loads (the tag manager): https only (never http, even
 * on this machine), no user or password in it, and the same form the business config's schema
 * accepts (no space or quote).
 */
export const tagManagerUrl = z.preprocess(
  unsetIfEmpty,
  z
    .url({ protocol: /^https$/ })
    .max(500)
    .regex(/^https:\/\/[^\s"'<>]+$/, 'must be an https address')
    .refine((v) => {
      // Checked after the others, which do not stop at the first failure: a non-address is theirs to refuse.
      try {
        const u = new URL(v);
        return u.username === '' && u.password === '';
      } catch {
        return true;
      }
    }, 'must not carry a user name or password')
    .optional(),
);
/** A provider's bearer key. */
export const providerKey = z.preprocess(unsetIfEmpty, z.string().min(16).max(500).optional());
