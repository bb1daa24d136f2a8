import { z } from 'zod';
import { parseSmtpUrl } from '../mail/smtp-mailer';
import { aedAmount, onUnlessOff, port, positiveInt, providerKey, providerUrl, unsetIfEmpty } from './env-values';

/**
 * The third parties' settings: each provider's URL and key (a real one, configured for a
 * deployment), or its port in the sandboxes program (JOIN_SANDBOXES, development and tests).
 * What they must agree on is checked in env-providers.ts.
 */
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

/** The third parties' stand-ins this server may use: the sandboxes program's, on 127.0.0.1 (api/README.md "Sandboxes only when asked"). */
export const SANDBOX_NAMES = ['mail', 'signin', 'authority', 'card', 'bnpl', 'courier', 'esim', 'portability', 'terminal'] as const;
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

export const PROVIDER_FIELDS = {
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
  /** Google login (SPEC 9: on). Off, GET /securitymanagement/social_providers lists none. */
  JOIN_GOOGLE_LOGIN: onUnlessOff,
  /** Unset: the sign-in sandbox (JOIN_SANDBOXES) on 127.0.0.1:JOIN_SIGNIN_PORT is the issuer. Google: https://accounts.google.com. */
  JOIN_OIDC_ISSUER: z.preprocess(unsetIfEmpty, Issuer.optional()),
  JOIN_OIDC_CLIENT_ID: z.string().min(1).max(256).default('join-web'),
  JOIN_SIGNIN_PORT: port.default(8090),
  /** The identity authority (document read, face compare, person check). Unset: the sandbox on 127.0.0.1:JOIN_AUTHORITY_PORT (JOIN_SANDBOXES). */
  JOIN_AUTHORITY_URL: providerUrl,
  JOIN_AUTHORITY_PORT: port.default(8091),
  /** How long the operator API waits for the authority before answering -607 (15 s by default). */
  JOIN_AUTHORITY_TIMEOUT_MS: positiveInt.optional(),
  /** The bearer key the operator API sends to the authority (and the sandbox expects). */
  JOIN_AUTHORITY_KEY: providerKey,
  /** The buy-now-pay-later provider's API (Spotii). Unset: the BNPL sandbox on 127.0.0.1:JOIN_BNPL_PORT (JOIN_SANDBOXES). */
  JOIN_BNPL_URL: providerUrl,
  /** The bearer key the operator API sends to the BNPL provider (and the sandbox expects). */
  JOIN_BNPL_KEY: providerKey,
  JOIN_BNPL_PORT: port.default(8093),
  /** How long the operator API waits for the BNPL provider before answering it unavailable (15 s by default). */
  JOIN_BNPL_TIMEOUT_MS: positiveInt.optional(),
  /** The amounts the BNPL provider accepts, in AED with at most two decimals (the sandbox's: 50 and 5000). */
  JOIN_BNPL_MIN_AED: z.preprocess(unsetIfEmpty, aedAmount.default(50)),
  JOIN_BNPL_MAX_AED: z.preprocess(unsetIfEmpty, aedAmount.default(5000)),
  /** The card provider, server to server. Unset: the card sandbox on 127.0.0.1:JOIN_CARD_PORT (JOIN_SANDBOXES). */
  JOIN_CARD_URL: providerUrl,
  /** Where browsers reach the provider (hosted fields, 3-D Secure): JOIN_CARD_URL by default. */
  JOIN_CARD_PUBLIC_URL: providerUrl,
  /** The secret key for charges and refunds (Authorization: Bearer); the sandbox's own by default. */
  JOIN_CARD_SECRET_KEY: providerKey,
  /** The public merchant id the hosted fields are opened with. */
  JOIN_CARD_MERCHANT_ID: z.preprocess(unsetIfEmpty, z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'letters, digits, dot, dash or underscore (1-100)').optional()),
  JOIN_CARD_PORT: port.default(8092),
  /** How long the operator API waits for the card provider (15 s by default). */
  JOIN_CARD_TIMEOUT_MS: positiveInt.optional(),
  /** The courier's API (a last-mile courier). Unset: the courier sandbox on 127.0.0.1:JOIN_COURIER_PORT (JOIN_SANDBOXES). */
  JOIN_COURIER_URL: providerUrl,
  /** The bearer key the operator API sends to the courier (and the sandbox expects). */
  JOIN_COURIER_KEY: providerKey,
  JOIN_COURIER_PORT: port.default(8094),
  /** How long the operator API waits for the courier per call (10 s by default). */
  JOIN_COURIER_TIMEOUT_MS: positiveInt.optional(),
  /** The eSIM provisioning service (SM-DP+). Unset: the eSIM sandbox on 127.0.0.1:JOIN_ESIM_PORT (JOIN_SANDBOXES). */
  JOIN_ESIM_URL: providerUrl,
  /** The bearer key the operator API sends to the eSIM service (and the sandbox expects). */
  JOIN_ESIM_KEY: providerKey,
  JOIN_ESIM_PORT: port.default(8095),
  /** How long the operator API waits for the eSIM service per call (10 s by default). */
  JOIN_ESIM_TIMEOUT_MS: positiveInt.optional(),
  /** The number-portability lookup (the national porting database). Unset: the sandbox on 127.0.0.1:JOIN_PORTABILITY_PORT (JOIN_SANDBOXES). */
  JOIN_PORTABILITY_URL: providerUrl,
  /** The bearer key the operator API sends to the portability lookup (and the sandbox expects). */
  JOIN_PORTABILITY_KEY: providerKey,
  JOIN_PORTABILITY_PORT: port.default(8097),
  /** How long the operator API waits for the portability lookup per call (5 s by default). */
  JOIN_PORTABILITY_TIMEOUT_MS: positiveInt.optional(),
  /** The shops' payment terminals' cloud API (pay at the counter). Unset: the sandbox on 127.0.0.1:JOIN_TERMINAL_PORT (JOIN_SANDBOXES). */
  JOIN_TERMINAL_URL: providerUrl,
  /** The bearer key the operator API sends to the terminals' API (and the sandbox expects). */
  JOIN_TERMINAL_KEY: providerKey,
  JOIN_TERMINAL_PORT: port.default(8098),
  /** How long the operator API waits for the terminals' API per call (5 s by default). */
  JOIN_TERMINAL_TIMEOUT_MS: positiveInt.optional(),
  /** The JWKS the terminals' results are signed with; unset: <JOIN_TERMINAL_URL>/.well-known/jwks.json. */
  JOIN_TERMINAL_JWKS_URL: providerUrl,
  /**
   * Which providers are the development sandboxes, reached on 127.0.0.1 at their ports with their
   * keys (the sandboxes program, started beside this server: never without this setting): 1 for
   * every provider not configured by its URL (npm start, npm run dev, the e2e and perf servers set
   * it), or a list (mail,signin,authority,card,bnpl,courier,esim,portability,terminal).
   */
  JOIN_SANDBOXES: SandboxSetting,
};
