import { z } from 'zod';
import { DEFAULT_NUMBER_HOLD_SECONDS, FACE_PROMPTS } from '@join/shared/contract';
import { parseSmtpUrl } from '../mail/smtp-mailer';
import { RemoteManifests } from '../static/remotes';
import { isLoopbackHost } from './loopback';
import {
  SANDBOX_AUTHORITY_KEY,
  SANDBOX_BNPL_KEY,
  SANDBOX_CARD_MERCHANT_ID,
  SANDBOX_CARD_SECRET_KEY,
  SANDBOX_COURIER_KEY,
  SANDBOX_ESIM_KEY,
} from './sandbox-defaults';

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
/** The same, on unless turned off (SPEC 9 features that are on by default). */
const onUnlessOff = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', ''])
  .transform((v) => v !== '0' && v !== 'false' && v !== 'off')
  .default(true);
const positiveInt = z.coerce.number().int().positive();
const port = z.coerce.number().int().min(0).max(65535);
/** An empty variable (VAR= in a compose file) counts as unset. */
const unsetIfEmpty = (v: unknown) => (v === '' ? undefined : v);
/** An amount in AED, above zero, with at most two decimals (fils). */
const aedAmount = z.coerce
  .number()
  .positive()
  .max(10_000_000)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-7, { message: 'must have at most two decimals' });

/** The SMTP URL carries the SMTP password: its problems are named, the value never repeated. */
const SmtpUrl = z.string().superRefine((v, ctx) => {
  try {
    parseSmtpUrl(v);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : 'is not an SMTP URL' });
  }
});

/** An OpenID issuer: https, or http on this machine (the sign-in sandbox run by hand). */
const Issuer = z
  .string()
  .max(500)
  .refine(
    (v) => {
      try {
        const url = new URL(v);
        const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
        return (url.protocol === 'https:' || (url.protocol === 'http:' && local)) && !url.search && !url.hash && !v.endsWith('/');
      } catch {
        return false;
      }
    },
    { message: 'must be the issuer URL exactly as its tokens name it: https://..., no trailing slash (e.g. https://accounts.google.com)' },
  );

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

/** The third parties' stand-ins this server may use: the sandboxes program's, on 127.0.0.1 (api/README.md "Sandboxes only when asked"). */
export const SANDBOX_NAMES = ['mail', 'signin', 'authority', 'card', 'bnpl', 'courier', 'esim'] as const;
export type SandboxName = (typeof SANDBOX_NAMES)[number];
const isSandboxName = (v: string): v is SandboxName => (SANDBOX_NAMES as readonly string[]).includes(v);

/**
 * JOIN_SANDBOXES: unset or off, none; 1 (true, on, all), one for every provider this
 * environment does not configure; or a comma-separated list of the ones to run.
 */
const SandboxSetting = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z
    .string()
    .max(200)
    .default('')
    .transform((v, ctx): { all: boolean; named: readonly SandboxName[] } => {
      if (['', '0', 'false', 'off'].includes(v)) return { all: false, named: [] };
      if (['1', 'true', 'on', 'all'].includes(v)) return { all: true, named: [] };
      const named = v.split(',').map((x) => x.trim()).filter((x) => x.length > 0);
      const unknown = named.find((x) => !isSandboxName(x));
      if (unknown !== undefined) {
        ctx.addIssue({ code: 'custom', message: `names "${unknown}", which is no sandbox: 1 (every provider not configured) or a comma-separated list of ${SANDBOX_NAMES.join(', ')}` });
        return z.NEVER;
      }
      return { all: false, named: [...new Set(named.filter(isSandboxName))] };
    }),
);

const EnvFields = z.object({
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
  /**
   * The HMAC key that signs the address challenge (issue 24, domain/captcha.ts): at least 32
   * characters. Unset: a key generated at start (development; challenges do not survive a restart).
   */
  JOIN_CAPTCHA_KEY: z.preprocess(unsetIfEmpty, z.string().min(32).max(500).optional()),
  /** Per address and minute, on each account call (e-mail check, code send and check, logins); see app.ts DEFAULTS. */
  JOIN_ACCOUNT_RATE_LIMIT: positiveInt.optional(),
  /** Seconds before another verification code may be asked for (30 by default; the e2e suite shortens it). */
  JOIN_CODE_RESEND_AFTER_S: positiveInt.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Mail: unset, the mail sandbox (JOIN_SANDBOXES) receives everything on 127.0.0.1:JOIN_MAIL_SINK_PORT (see api/README.md). */
  JOIN_SMTP_URL: z.preprocess(unsetIfEmpty, SmtpUrl.optional()),
  JOIN_MAIL_FROM: z
    .string()
    .max(200)
    .regex(/^[^\r\n]*@[^\r\n]*$/, 'must be an address, e.g. "Tourist SIM" <no-reply@example.com>')
    .default('"Tourist SIM" <no-reply@tourist-sim.example>'),
  /** The mail sandbox's SMTP port and its outbox's HTTP port (the sandboxes program's, on 127.0.0.1). */
  JOIN_MAIL_SINK_PORT: port.default(2525),
  JOIN_MAIL_OUTBOX_PORT: port.default(8096),
  /** /dev/outbox on the product server: the mail sandbox's outbox, every mailed code readable by anyone. Never in production. */
  JOIN_DEV_OUTBOX: onOff,
  /**
   * The test hooks (e2e only, never in production): POST /dev/clock moves the API's clock on, and
   * the courier sandbox's POST /test/jobs/step moves one job to its next status. They let a test
   * make time pass instead of waiting for it (e2e/README.md "Clocks the tests control").
   */
  JOIN_TEST_HOOKS: onOff,
  /**
   * Tests only (with JOIN_TEST_HOOKS): the face challenge's prompts to pick from, a comma list of
   * closer, farther, left, right (all four by default). The e2e suite's fake camera loops one
   * recorded movement: a prompt the test fixes is a clock the test controls, not a random draw.
   */
  JOIN_TEST_FACE_PROMPTS: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.split(',').map((p) => p.trim()) : undefined),
    z.array(z.enum(FACE_PROMPTS)).min(1).optional(),
  ),
  /** Google login (SPEC 9: on). Off, GET /securitymanagement/social_providers lists none. */
  JOIN_GOOGLE_LOGIN: onUnlessOff,
  /** Unset: the sign-in sandbox (JOIN_SANDBOXES) on 127.0.0.1:JOIN_SIGNIN_PORT is the issuer. Google: https://accounts.google.com. */
  JOIN_OIDC_ISSUER: z.preprocess(unsetIfEmpty, Issuer.optional()),
  JOIN_OIDC_CLIENT_ID: z.string().min(1).max(256).default('join-web'),
  JOIN_SIGNIN_PORT: port.default(8090),
  /** The identity authority (document read, face compare, person check). Unset: the sandbox on 127.0.0.1:JOIN_AUTHORITY_PORT (JOIN_SANDBOXES). */
  JOIN_AUTHORITY_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).max(500).optional()),
  JOIN_AUTHORITY_PORT: port.default(8091),
  /** How long the operator API waits for the authority before answering -607 (15 s by default). */
  JOIN_AUTHORITY_TIMEOUT_MS: positiveInt.optional(),
  /** SIMs sold to one identity document (5 by default: domain/sim-limit.ts). */
  JOIN_MAX_SIMS_PER_DOCUMENT: positiveInt.optional(),
  /** Per address and minute, one budget for the four identity calls (30 by default; the e2e suite raises it). */
  JOIN_IDENTITY_RATE_LIMIT: positiveInt.optional(),
  /** The bearer key the operator API sends to the authority (and the sandbox expects). */
  JOIN_AUTHORITY_KEY: z.preprocess(unsetIfEmpty, z.string().min(16).max(500).optional()),
  /** The buy-now-pay-later provider's API (Spotii). Unset: the BNPL sandbox on 127.0.0.1:JOIN_BNPL_PORT (JOIN_SANDBOXES). */
  JOIN_BNPL_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).max(500).optional()),
  /** The bearer key the operator API sends to the BNPL provider (and the sandbox expects). */
  JOIN_BNPL_KEY: z.preprocess(unsetIfEmpty, z.string().min(16).max(500).optional()),
  JOIN_BNPL_PORT: port.default(8093),
  /** How long the operator API waits for the BNPL provider before answering it unavailable (15 s by default). */
  JOIN_BNPL_TIMEOUT_MS: positiveInt.optional(),
  /** The amounts the BNPL provider accepts, in AED with at most two decimals (the sandbox's: 50 and 5000). */
  JOIN_BNPL_MIN_AED: z.preprocess(unsetIfEmpty, aedAmount.default(50)),
  JOIN_BNPL_MAX_AED: z.preprocess(unsetIfEmpty, aedAmount.default(5000)),
  /** The card provider, server to server. Unset: the card sandbox on 127.0.0.1:JOIN_CARD_PORT (JOIN_SANDBOXES). */
  JOIN_CARD_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).max(500).optional()),
  /** Where browsers reach the provider (hosted fields, 3-D Secure): JOIN_CARD_URL by default. */
  JOIN_CARD_PUBLIC_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).max(500).optional()),
  /** The secret key for charges and refunds (Authorization: Bearer); the sandbox's own by default. */
  JOIN_CARD_SECRET_KEY: z.preprocess(unsetIfEmpty, z.string().min(16).max(500).optional()),
  /** The public merchant id the hosted fields are opened with. */
  JOIN_CARD_MERCHANT_ID: z.preprocess(unsetIfEmpty, z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'letters, digits, dot, dash or underscore (1-100)').optional()),
  JOIN_CARD_PORT: port.default(8092),
  /** How long the operator API waits for the card provider (15 s by default). */
  JOIN_CARD_TIMEOUT_MS: positiveInt.optional(),
  /** The courier's API (a last-mile courier). Unset: the courier sandbox on 127.0.0.1:JOIN_COURIER_PORT (JOIN_SANDBOXES). */
  JOIN_COURIER_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).max(500).optional()),
  /** The bearer key the operator API sends to the courier (and the sandbox expects). */
  JOIN_COURIER_KEY: z.preprocess(unsetIfEmpty, z.string().min(16).max(500).optional()),
  JOIN_COURIER_PORT: port.default(8094),
  /** How long the operator API waits for the courier per call (10 s by default). */
  JOIN_COURIER_TIMEOUT_MS: positiveInt.optional(),
  /** The eSIM provisioning service (SM-DP+). Unset: the eSIM sandbox on 127.0.0.1:JOIN_ESIM_PORT (JOIN_SANDBOXES). */
  JOIN_ESIM_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).max(500).optional()),
  /** The bearer key the operator API sends to the eSIM service (and the sandbox expects). */
  JOIN_ESIM_KEY: z.preprocess(unsetIfEmpty, z.string().min(16).max(500).optional()),
  JOIN_ESIM_PORT: port.default(8095),
  /** How long the operator API waits for the eSIM service per call (10 s by default). */
  JOIN_ESIM_TIMEOUT_MS: positiveInt.optional(),
  /**
   * The product's public address (https://join.example.ae), where the payment providers send the
   * browser back (3-D Secure, BNPL). Unset: the request's Origin, only when it is this server's own.
   */
  JOIN_PUBLIC_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).max(500).optional()),
  /** Card and BNPL payment calls per address and minute (30 by default). */
  JOIN_PAYMENT_RATE_LIMIT: positiveInt.optional(),
  /**
   * Which providers are the development sandboxes, reached on 127.0.0.1 at their ports with their
   * keys (the sandboxes program, started beside this server: never without this setting): 1 for
   * every provider not configured by its URL (npm start, npm run dev, the e2e and perf servers set
   * it), or a list (mail,signin,authority,card,bnpl,courier,esim).
   */
  JOIN_SANDBOXES: SandboxSetting,
  NODE_ENV: z.string().optional(),
});

export const Env = EnvFields.superRefine((env, ctx) => {
  if (env.JOIN_BNPL_MIN_AED > env.JOIN_BNPL_MAX_AED) ctx.addIssue({ code: 'custom', path: ['JOIN_BNPL_MIN_AED'], message: 'must not be above JOIN_BNPL_MAX_AED' });
  if (env.NODE_ENV === 'production') productionChecks(env, ctx);
  providerChecks(env, ctx);
}).transform((env) => ({ ...env, sandboxes: sandboxesOf(env) }));
export type Env = z.infer<typeof Env>;
type ParsedEnv = z.output<typeof EnvFields>;

/**
 * Each provider the product needs, how it is configured, and the sandbox that stands in for it.
 * Every one is required: the product sells nothing without mail (the login codes), the identity
 * authority, the card provider, the courier and the eSIM service, and SPEC 9 offers BNPL; the only
 * optional one is Google sign-in, which SPEC 9 turns off by its own switch (JOIN_GOOGLE_LOGIN).
 */
const PROVIDERS: ReadonlyArray<{ sandbox: SandboxName; what: string; url: (env: ParsedEnv) => string | undefined; urlVar: string; set: string; needed?: (env: ParsedEnv) => boolean }> = [
  { sandbox: 'mail', what: 'mail', url: (e) => e.JOIN_SMTP_URL, urlVar: 'JOIN_SMTP_URL', set: 'JOIN_SMTP_URL' },
  {
    sandbox: 'signin',
    what: 'Google sign-in',
    url: (e) => e.JOIN_OIDC_ISSUER,
    urlVar: 'JOIN_OIDC_ISSUER',
    set: 'JOIN_OIDC_ISSUER and JOIN_OIDC_CLIENT_ID, or JOIN_GOOGLE_LOGIN=off',
    needed: (e) => e.JOIN_GOOGLE_LOGIN,
  },
  { sandbox: 'authority', what: 'the identity authority', url: (e) => e.JOIN_AUTHORITY_URL, urlVar: 'JOIN_AUTHORITY_URL', set: 'JOIN_AUTHORITY_URL and JOIN_AUTHORITY_KEY' },
  { sandbox: 'card', what: 'the card provider', url: (e) => e.JOIN_CARD_URL, urlVar: 'JOIN_CARD_URL', set: 'JOIN_CARD_URL, JOIN_CARD_SECRET_KEY and JOIN_CARD_MERCHANT_ID' },
  { sandbox: 'bnpl', what: 'buy now, pay later', url: (e) => e.JOIN_BNPL_URL, urlVar: 'JOIN_BNPL_URL', set: 'JOIN_BNPL_URL and JOIN_BNPL_KEY' },
  { sandbox: 'courier', what: 'the courier', url: (e) => e.JOIN_COURIER_URL, urlVar: 'JOIN_COURIER_URL', set: 'JOIN_COURIER_URL and JOIN_COURIER_KEY' },
  { sandbox: 'esim', what: 'eSIM provisioning', url: (e) => e.JOIN_ESIM_URL, urlVar: 'JOIN_ESIM_URL', set: 'JOIN_ESIM_URL and JOIN_ESIM_KEY' },
];

/**
 * Why a setup starts no sandbox (readEnv refuses such an environment first; a setup called with
 * one anyway, in a test or a script, says the same).
 */
export function sandboxNotAsked(name: SandboxName): string {
  const provider = PROVIDERS.find((p) => p.sandbox === name);
  const urlVar = provider?.urlVar ?? name;
  return `${urlVar} is unset and JOIN_SANDBOXES does not ask for the ${name} sandbox: set ${provider?.set ?? urlVar}, or JOIN_SANDBOXES=1 (or a list naming ${name}) for the development sandbox on 127.0.0.1`;
}

/** Where the sandboxes program listens for each sandbox this server uses (on 127.0.0.1: SANDBOX_HOST). */
export const SANDBOX_PORT_VARS = {
  mail: ['JOIN_MAIL_SINK_PORT', 'JOIN_MAIL_OUTBOX_PORT'],
  signin: ['JOIN_SIGNIN_PORT'],
  authority: ['JOIN_AUTHORITY_PORT'],
  card: ['JOIN_CARD_PORT'],
  bnpl: ['JOIN_BNPL_PORT'],
  courier: ['JOIN_COURIER_PORT'],
  esim: ['JOIN_ESIM_PORT'],
} as const satisfies Record<SandboxName, readonly (keyof ParsedEnv)[]>;

/** A provider configured by URL (real, or a sandbox run elsewhere) brings its own key: the development ones are published. */
const PROVIDER_KEYS = [
  { urlVar: 'JOIN_AUTHORITY_URL', keyVar: 'JOIN_AUTHORITY_KEY', development: SANDBOX_AUTHORITY_KEY },
  { urlVar: 'JOIN_BNPL_URL', keyVar: 'JOIN_BNPL_KEY', development: SANDBOX_BNPL_KEY },
  { urlVar: 'JOIN_CARD_URL', keyVar: 'JOIN_CARD_SECRET_KEY', development: SANDBOX_CARD_SECRET_KEY },
  { urlVar: 'JOIN_CARD_URL', keyVar: 'JOIN_CARD_MERCHANT_ID', development: SANDBOX_CARD_MERCHANT_ID },
  { urlVar: 'JOIN_COURIER_URL', keyVar: 'JOIN_COURIER_KEY', development: SANDBOX_COURIER_KEY },
  { urlVar: 'JOIN_ESIM_URL', keyVar: 'JOIN_ESIM_KEY', development: SANDBOX_ESIM_KEY },
] as const;

/** The providers' HTTP URLs: https, or plain http on this machine only. */
const HTTP_URLS = ['JOIN_AUTHORITY_URL', 'JOIN_BNPL_URL', 'JOIN_CARD_URL', 'JOIN_CARD_PUBLIC_URL', 'JOIN_COURIER_URL', 'JOIN_ESIM_URL'] as const;

function parsedUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
const hostOf = (url: string): string | null => parsedUrl(url)?.hostname ?? null;

/** The sandboxes this environment starts: the ones named, or with JOIN_SANDBOXES=1 every needed provider not configured. */
function sandboxesOf(env: ParsedEnv): ReadonlySet<SandboxName> {
  if (!env.JOIN_SANDBOXES.all) return new Set(env.JOIN_SANDBOXES.named);
  return new Set(PROVIDERS.filter((p) => (p.needed?.(env) ?? true) && !p.url(env)).map((p) => p.sandbox));
}

/**
 * A sandbox runs only when asked for, a provider named by URL brings its own key and
 * speaks https unless it is on this machine, and a server that talks to any provider off this
 * machine (a deployment, whatever NODE_ENV says) runs no sandbox at all.
 */
function providerChecks(env: ParsedEnv, ctx: z.RefinementCtx): void {
  const setting = env.JOIN_SANDBOXES;
  for (const name of setting.named) {
    const provider = PROVIDERS.find((p) => p.sandbox === name);
    if (provider?.url(env)) ctx.addIssue({ code: 'custom', path: ['JOIN_SANDBOXES'], message: `names ${name} but ${provider.urlVar} is set: one or the other` });
    if (name === 'signin' && !env.JOIN_GOOGLE_LOGIN) ctx.addIssue({ code: 'custom', path: ['JOIN_SANDBOXES'], message: 'names signin but JOIN_GOOGLE_LOGIN is off' });
  }
  const started = sandboxesOf(env);
  // The sandboxes program listens on the ports this server is given: 0 (any free port) names none.
  for (const name of started) {
    for (const portVar of SANDBOX_PORT_VARS[name]) {
      if (portVar === 'JOIN_MAIL_OUTBOX_PORT' && !env.JOIN_DEV_OUTBOX) continue;
      if (env[portVar] === 0) ctx.addIssue({ code: 'custom', path: [portVar], message: `must name the ${name} sandbox's port (the sandboxes program's), not 0` });
    }
  }
  const missing = PROVIDERS.filter((p) => (p.needed?.(env) ?? true) && !p.url(env) && !started.has(p.sandbox));
  if (missing.length > 0) {
    const list = missing.map((p) => `${p.what} (set ${p.set})`).join('; ');
    const how = setting.named.length > 0 ? 'Configure them, or add them to JOIN_SANDBOXES' : 'Configure them, or set JOIN_SANDBOXES=1 to run the development sandboxes on 127.0.0.1 (npm start and the tests do)';
    const what = setting.named.length > 0 ? `names ${setting.named.join(', ')}` : 'is off';
    ctx.addIssue({ code: 'custom', path: ['JOIN_SANDBOXES'], message: `${what} and no provider is configured for: ${list}. ${how}` });
  }
  for (const { urlVar, keyVar, development } of PROVIDER_KEYS) {
    if (!env[urlVar]) continue;
    const key = env[keyVar];
    if (!key) ctx.addIssue({ code: 'custom', path: [keyVar], message: `is required with ${urlVar} (the development one is the sandboxes program's, used through JOIN_SANDBOXES)` });
    else if (key === development) ctx.addIssue({ code: 'custom', path: [keyVar], message: `must not be the sandbox's development value with ${urlVar}: set the provider's own` });
  }
  for (const name of HTTP_URLS) {
    const url = env[name];
    if (url && parsedUrl(url)?.protocol === 'http:' && !isLoopbackHost(hostOf(url) ?? '')) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'must be https:// off this machine (plain http only on localhost, 127.0.0.0/8 or ::1)' });
    }
  }
  if (started.size > 0) {
    const remote = [
      ['JOIN_SMTP_URL', env.JOIN_SMTP_URL],
      ['JOIN_OIDC_ISSUER', env.JOIN_OIDC_ISSUER],
      ...HTTP_URLS.map((name) => [name, env[name]] as const),
    ].find(([, url]) => url !== undefined && !isLoopbackHost(hostOf(url) ?? ''));
    if (remote) {
      ctx.addIssue({
        code: 'custom',
        path: ['JOIN_SANDBOXES'],
        message: `must be off when a provider is off this machine (${remote[0]}): a server that talks to a real provider is a deployment, and runs no sandbox`,
      });
    }
  }
}

/**
 * The sandboxes are for this machine and for tests. A production server that forgot its
 * configuration must not start with them: the sign-in sandbox signs a verified token for any
 * e-mail typed into it, and the outbox shows every verification code.
 */
function productionChecks(env: ParsedEnv, ctx: z.RefinementCtx): void {
  if (env.JOIN_SANDBOXES.all || env.JOIN_SANDBOXES.named.length > 0) ctx.addIssue({ code: 'custom', path: ['JOIN_SANDBOXES'], message: 'must be off in production' });
  if (!env.JOIN_SMTP_URL) ctx.addIssue({ code: 'custom', path: ['JOIN_SMTP_URL'], message: 'is required in production (the mail sandbox is for development)' });
  if (env.JOIN_GOOGLE_LOGIN && !env.JOIN_OIDC_ISSUER) {
    ctx.addIssue({ code: 'custom', path: ['JOIN_OIDC_ISSUER'], message: 'is required in production with Google login on (or set JOIN_GOOGLE_LOGIN=off)' });
  }
  if (env.JOIN_DEV_OUTBOX) ctx.addIssue({ code: 'custom', path: ['JOIN_DEV_OUTBOX'], message: 'must be off in production' });
  // Anyone could move the API's clock (expiring every hold) or deliver an order that never left.
  if (env.JOIN_TEST_HOOKS) ctx.addIssue({ code: 'custom', path: ['JOIN_TEST_HOOKS'], message: 'must be off in production' });
  if (env.JOIN_TEST_FACE_PROMPTS) ctx.addIssue({ code: 'custom', path: ['JOIN_TEST_FACE_PROMPTS'], message: 'must be unset in production' });
  // The authority sandbox verifies anyone its seeded registry lists.
  if (!env.JOIN_AUTHORITY_URL) ctx.addIssue({ code: 'custom', path: ['JOIN_AUTHORITY_URL'], message: 'is required in production (the identity authority sandbox is for development)' });
  if (!env.JOIN_AUTHORITY_KEY) ctx.addIssue({ code: 'custom', path: ['JOIN_AUTHORITY_KEY'], message: 'is required in production' });
  // The BNPL sandbox approves any checkout its page is clicked through.
  if (!env.JOIN_BNPL_URL) ctx.addIssue({ code: 'custom', path: ['JOIN_BNPL_URL'], message: 'is required in production (the buy-now-pay-later sandbox is for development)' });
  if (!env.JOIN_BNPL_KEY) ctx.addIssue({ code: 'custom', path: ['JOIN_BNPL_KEY'], message: 'is required in production' });
  // The card sandbox charges any test card and knows the 3-D Secure code.
  if (!env.JOIN_CARD_URL) ctx.addIssue({ code: 'custom', path: ['JOIN_CARD_URL'], message: 'is required in production (the card provider sandbox is for development)' });
  if (!env.JOIN_CARD_SECRET_KEY) ctx.addIssue({ code: 'custom', path: ['JOIN_CARD_SECRET_KEY'], message: 'is required in production' });
  if (!env.JOIN_CARD_MERCHANT_ID) ctx.addIssue({ code: 'custom', path: ['JOIN_CARD_MERCHANT_ID'], message: 'is required in production' });
  // The courier sandbox delivers nothing; the eSIM sandbox provisions nothing a phone can use.
  if (!env.JOIN_COURIER_URL) ctx.addIssue({ code: 'custom', path: ['JOIN_COURIER_URL'], message: 'is required in production (the courier sandbox is for development)' });
  if (!env.JOIN_COURIER_KEY) ctx.addIssue({ code: 'custom', path: ['JOIN_COURIER_KEY'], message: 'is required in production' });
  if (!env.JOIN_ESIM_URL) ctx.addIssue({ code: 'custom', path: ['JOIN_ESIM_URL'], message: 'is required in production (the eSIM provisioning sandbox is for development)' });
  if (!env.JOIN_ESIM_KEY) ctx.addIssue({ code: 'custom', path: ['JOIN_ESIM_KEY'], message: 'is required in production' });
  // A generated key differs per process: behind a load balancer a challenge from one would fail on another.
  if (!env.JOIN_CAPTCHA_KEY) ctx.addIssue({ code: 'custom', path: ['JOIN_CAPTCHA_KEY'], message: 'is required in production' });
}

export function readEnv(env: NodeJS.ProcessEnv): Env {
  const result = Env.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new Error(`Bad environment: ${issue?.path.join('.') ?? '?'} ${issue?.message ?? ''}`.trim());
}
