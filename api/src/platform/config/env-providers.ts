import type { z } from 'zod';
import type { ParsedEnv } from './env-fields';
import type { SandboxName } from './env-provider-fields';
import { isLoopbackHost } from './loopback';
import { DEVELOPMENT_KEYS, sandboxUrl } from './sandbox-defaults';

/**
 * Each provider the product needs, how it is configured, and the sandbox that stands in for it.
 * Every one is required: the product sells nothing without mail (the login codes), the identity
 * authority, the card provider, the courier, the eSIM service, the number-portability lookup (the transfer's checks) and the shops' payment terminals (retail mode's pay at the counter), and SPEC 9 offers BNPL; the only
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
  { sandbox: 'portability', what: 'the number-portability lookup', url: (e) => e.JOIN_PORTABILITY_URL, urlVar: 'JOIN_PORTABILITY_URL', set: 'JOIN_PORTABILITY_URL and JOIN_PORTABILITY_KEY' },
  { sandbox: 'terminal', what: 'the shops’ payment terminals', url: (e) => e.JOIN_TERMINAL_URL, urlVar: 'JOIN_TERMINAL_URL', set: 'JOIN_TERMINAL_URL and JOIN_TERMINAL_KEY' },
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

/**
 * Where the API reaches one provider: its configured URL, or, when JOIN_SANDBOXES asks for it,
 * its sandbox at 127.0.0.1:<port> (`sandbox` is then that URL; null for a configured provider).
 * Neither throws sandboxNotAsked: readEnv refuses such an environment first, a setup called with
 * one anyway (a test, a script) says the same.
 */
export function providerAddress(sandboxes: ReadonlySet<SandboxName>, name: SandboxName, configured: string | undefined, port: number): { url: string; sandbox: string | null } {
  if (configured) return { url: configured, sandbox: null };
  if (!sandboxes.has(name)) throw new Error(sandboxNotAsked(name));
  const url = sandboxUrl(port);
  return { url, sandbox: url };
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
  portability: ['JOIN_PORTABILITY_PORT'],
  terminal: ['JOIN_TERMINAL_PORT'],
} as const satisfies Record<SandboxName, readonly (keyof ParsedEnv)[]>;


/** The providers' HTTP URLs: https, or plain http on this machine only. */
const HTTP_URLS = ['JOIN_AUTHORITY_URL', 'JOIN_BNPL_URL', 'JOIN_CARD_URL', 'JOIN_CARD_PUBLIC_URL', 'JOIN_COURIER_URL', 'JOIN_ESIM_URL', 'JOIN_PORTABILITY_URL', 'JOIN_TERMINAL_URL'] as const;

function parsedUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
const hostOf = (url: string): string | null => parsedUrl(url)?.hostname ?? null;

/** The sandboxes this environment starts: the ones named, or with JOIN_SANDBOXES=1 every needed provider not configured. */
export function sandboxesOf(env: ParsedEnv): ReadonlySet<SandboxName> {
  if (!env.JOIN_SANDBOXES.all) return new Set(env.JOIN_SANDBOXES.named);
  return new Set(PROVIDERS.filter((p) => (p.needed?.(env) ?? true) && !p.url(env)).map((p) => p.sandbox));
}

/**
 * A sandbox runs only when asked for, a provider named by URL brings its own key and
 * speaks https unless it is on this machine, and a server that talks to any provider off this
 * machine (a deployment, whatever NODE_ENV says) runs no sandbox at all.
 */
export function providerChecks(env: ParsedEnv, ctx: z.RefinementCtx): void {
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
  for (const { urlVar, keyVar, development } of DEVELOPMENT_KEYS) {
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
