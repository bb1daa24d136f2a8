import { z } from 'zod';
import { parseSigninClients, webOrigin, type SigninClients } from './signin/clients';
import {
  SANDBOX_AUTHORITY_KEY,
  SANDBOX_BNPL_KEY,
  SANDBOX_CARD_MERCHANT_ID,
  SANDBOX_CARD_SECRET_KEY,
  SANDBOX_COURIER_KEY,
  SANDBOX_ESIM_KEY,
  SANDBOX_PORTABILITY_KEY,
  SANDBOX_TERMINAL_KEY,
} from './defaults';

/**
 * The sandboxes program's environment. It reads the same variable names as the operator API
 * (the ports and keys the two must agree on: `npm start`'s launcher and the test servers give both
 * programs one environment), and a bad value stops the start with a message naming it.
 */
export const SANDBOX_NAMES = ['mail', 'signin', 'authority', 'card', 'bnpl', 'courier', 'esim', 'portability', 'terminal'] as const;
export type SandboxName = (typeof SANDBOX_NAMES)[number];

/** The variable that names the real provider in place of each sandbox: set, that sandbox is not started. */
const PROVIDER_URL_VARS: Record<SandboxName, string> = {
  mail: 'JOIN_SMTP_URL',
  signin: 'JOIN_OIDC_ISSUER',
  authority: 'JOIN_AUTHORITY_URL',
  card: 'JOIN_CARD_URL',
  bnpl: 'JOIN_BNPL_URL',
  courier: 'JOIN_COURIER_URL',
  esim: 'JOIN_ESIM_URL',
  portability: 'JOIN_PORTABILITY_URL',
  terminal: 'JOIN_TERMINAL_URL',
};

const unsetIfEmpty = (v: unknown) => (v === '' ? undefined : v);
const port = (fallback: number) => z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(65535).default(fallback));
const key = (fallback: string) => z.preprocess(unsetIfEmpty, z.string().min(16).max(500).default(fallback));
const onOff = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'on')
  .default(false);
const aed = (fallback: number) => z.preprocess(unsetIfEmpty, z.coerce.number().positive().max(10_000_000).default(fallback));

const Fields = z.object({
  NODE_ENV: z.string().optional(),
  /** unset, 1 (true, on, all): every sandbox whose real provider is not configured; or a comma-separated list. */
  JOIN_SANDBOXES: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.string().max(200).default('1')),
  /** The product's port: its own origins are the default clients of the sign-in and card sandboxes. */
  PORT: port(8080),
  JOIN_GOOGLE_LOGIN: z.enum(['1', '0', 'true', 'false', 'on', 'off', '']).transform((v) => !['0', 'false', 'off'].includes(v)).default(true),
  JOIN_MAIL_SINK_PORT: port(2525),
  JOIN_MAIL_OUTBOX_PORT: port(8096),
  /** How many messages the mail sink keeps (the oldest go first): one sink may serve several product servers (the e2e suite's six). */
  JOIN_MAIL_SINK_CAPACITY: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).max(100_000).default(200)),
  JOIN_SIGNIN_PORT: port(8090),
  JOIN_OIDC_CLIENT_ID: z.string().min(1).max(256).default('join-web'),
  JOIN_SIGNIN_CLIENTS: z.preprocess(unsetIfEmpty, z.string().max(5000).optional()),
  JOIN_SIGNIN_KEY_FILE: z.preprocess(unsetIfEmpty, z.string().max(1000).optional()),
  JOIN_AUTHORITY_PORT: port(8091),
  JOIN_AUTHORITY_KEY: key(SANDBOX_AUTHORITY_KEY),
  JOIN_CARD_PORT: port(8092),
  JOIN_CARD_SECRET_KEY: key(SANDBOX_CARD_SECRET_KEY),
  JOIN_CARD_MERCHANT_ID: z.preprocess(unsetIfEmpty, z.string().regex(/^[A-Za-z0-9._-]{1,100}$/).default(SANDBOX_CARD_MERCHANT_ID)),
  JOIN_CARD_ORIGINS: z.preprocess(unsetIfEmpty, z.string().max(5000).optional()),
  JOIN_BNPL_PORT: port(8093),
  JOIN_BNPL_KEY: key(SANDBOX_BNPL_KEY),
  JOIN_BNPL_MIN_AED: aed(50),
  JOIN_BNPL_MAX_AED: aed(5000),
  JOIN_COURIER_PORT: port(8094),
  JOIN_COURIER_KEY: key(SANDBOX_COURIER_KEY),
  JOIN_COURIER_STEP_MS: z.preprocess(unsetIfEmpty, z.coerce.number().int().positive().max(24 * 60 * 60 * 1000).default(20_000)),
  JOIN_TEST_HOOKS: onOff,
  JOIN_ESIM_PORT: port(8095),
  JOIN_ESIM_KEY: key(SANDBOX_ESIM_KEY),
  JOIN_PORTABILITY_PORT: port(8097),
  JOIN_PORTABILITY_KEY: key(SANDBOX_PORTABILITY_KEY),
  JOIN_TERMINAL_PORT: port(8098),
  JOIN_TERMINAL_KEY: key(SANDBOX_TERMINAL_KEY),
  JOIN_ESIM_AUTO_INSTALL_MS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(24 * 60 * 60 * 1000).default(0)),
});

export interface SandboxesConfig {
  /** The sandboxes to start. */
  run: ReadonlySet<SandboxName>;
  ports: Record<SandboxName | 'outbox', number>;
  keys: { authority: string; card: string; bnpl: string; courier: string; esim: string; portability: string; terminal: string };
  merchantId: string;
  cardOrigins: readonly string[];
  signinClients: SigninClients;
  signinKeyFile: string | null;
  mailCapacity: number;
  bnplLimits: { minFils: number; maxFils: number };
  courierStepMs: number;
  esimAutoInstallMs: number;
  testHooks: boolean;
}

function fail(name: string, message: string): never {
  throw new Error(`Bad environment: ${name} ${message}`);
}

function sandboxesToRun(setting: string, env: NodeJS.ProcessEnv, googleLogin: boolean): Set<SandboxName> {
  if (['0', 'false', 'off'].includes(setting)) return new Set();
  const configured = (name: SandboxName) => (env[PROVIDER_URL_VARS[name]] ?? '') !== '' || (name === 'signin' && !googleLogin);
  if (['', '1', 'true', 'on', 'all'].includes(setting)) return new Set(SANDBOX_NAMES.filter((n) => !configured(n)));
  const named = setting.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = named.find((n) => !(SANDBOX_NAMES as readonly string[]).includes(n));
  if (unknown !== undefined) fail('JOIN_SANDBOXES', `names "${unknown}", which is no sandbox: 1 (every provider not configured) or a comma-separated list of ${SANDBOX_NAMES.join(', ')}`);
  return new Set(named as SandboxName[]);
}

/** Reads the environment; throws naming the first bad variable. */
export function readSandboxesConfig(env: NodeJS.ProcessEnv): SandboxesConfig {
  const parsed = Fields.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    fail(issue?.path.join('.') ?? '?', issue?.message ?? '');
  }
  const e = parsed.data;
  // They sign a token for any e-mail, verify anyone their registry lists, approve any checkout.
  if (e.NODE_ENV === 'production') fail('NODE_ENV', 'is production: the sandboxes are for development and tests only');
  if (e.JOIN_BNPL_MIN_AED > e.JOIN_BNPL_MAX_AED) fail('JOIN_BNPL_MIN_AED', 'must not be above JOIN_BNPL_MAX_AED');
  const productOrigins = `http://localhost:${e.PORT},http://127.0.0.1:${e.PORT}`;
  let cardOrigins: string[];
  try {
    cardOrigins = (e.JOIN_CARD_ORIGINS ?? productOrigins).split(',').map((s) => s.trim()).filter(Boolean).map(webOrigin);
    if (cardOrigins.length === 0) throw new Error('names no origin');
  } catch (err) {
    fail('JOIN_CARD_ORIGINS', err instanceof Error ? err.message : 'is not a list of origins');
  }
  let signinClients: SigninClients;
  try {
    signinClients = parseSigninClients(e.JOIN_SIGNIN_CLIENTS ?? `${e.JOIN_OIDC_CLIENT_ID}=${productOrigins}`);
  } catch (err) {
    fail('JOIN_SIGNIN_CLIENTS', err instanceof Error ? err.message : 'is not a list of clients');
  }
  return {
    run: sandboxesToRun(e.JOIN_SANDBOXES, env, e.JOIN_GOOGLE_LOGIN),
    ports: {
      mail: e.JOIN_MAIL_SINK_PORT,
      outbox: e.JOIN_MAIL_OUTBOX_PORT,
      signin: e.JOIN_SIGNIN_PORT,
      authority: e.JOIN_AUTHORITY_PORT,
      card: e.JOIN_CARD_PORT,
      bnpl: e.JOIN_BNPL_PORT,
      courier: e.JOIN_COURIER_PORT,
      esim: e.JOIN_ESIM_PORT,
      portability: e.JOIN_PORTABILITY_PORT,
      terminal: e.JOIN_TERMINAL_PORT,
    },
    keys: { authority: e.JOIN_AUTHORITY_KEY, card: e.JOIN_CARD_SECRET_KEY, bnpl: e.JOIN_BNPL_KEY, courier: e.JOIN_COURIER_KEY, esim: e.JOIN_ESIM_KEY, portability: e.JOIN_PORTABILITY_KEY, terminal: e.JOIN_TERMINAL_KEY },
    merchantId: e.JOIN_CARD_MERCHANT_ID,
    cardOrigins,
    signinClients,
    signinKeyFile: e.JOIN_SIGNIN_KEY_FILE ?? null,
    mailCapacity: e.JOIN_MAIL_SINK_CAPACITY,
    bnplLimits: { minFils: Math.round(e.JOIN_BNPL_MIN_AED * 100), maxFils: Math.round(e.JOIN_BNPL_MAX_AED * 100) },
    courierStepMs: e.JOIN_COURIER_STEP_MS,
    esimAutoInstallMs: e.JOIN_ESIM_AUTO_INSTALL_MS,
    testHooks: e.JOIN_TEST_HOOKS,
  };
}
