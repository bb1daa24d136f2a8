import type { Env } from '../../platform/config/env';
import { providerOrSandbox } from '../../platform/config/provider-choice';
import { SANDBOX_BNPL_KEY } from '../../platform/config/sandbox-defaults';
import { createHttpBnplProvider, DEFAULT_BNPL_TIMEOUT_MS } from './bnpl-client';
import type { BnplProvider } from './providers';

type BnplEnv = Pick<Env, 'sandboxes' | 'JOIN_BNPL_URL' | 'JOIN_BNPL_KEY' | 'JOIN_BNPL_PORT' | 'JOIN_BNPL_TIMEOUT_MS' | 'JOIN_BNPL_MIN_AED' | 'JOIN_BNPL_MAX_AED'>;

/**
 * The buy-now-pay-later provider the API uses: JOIN_BNPL_URL (Spotii) with JOIN_BNPL_KEY, or, when
 * JOIN_SANDBOXES asks for it, the sandboxes program's BNPL sandbox on 127.0.0.1:JOIN_BNPL_PORT (which
 * reads the same limits the client announces). Either way the API only sees the HTTP client;
 * `sandbox` is the sandbox's URL when it is one.
 */
export function bnplProviderFrom(env: BnplEnv): { provider: BnplProvider; sandbox: string | null } {
  const key = env.JOIN_BNPL_KEY ?? SANDBOX_BNPL_KEY;
  const limits = { minFils: Math.round(env.JOIN_BNPL_MIN_AED * 100), maxFils: Math.round(env.JOIN_BNPL_MAX_AED * 100) };
  const timeoutMs = env.JOIN_BNPL_TIMEOUT_MS ?? DEFAULT_BNPL_TIMEOUT_MS;
  const where = { sandboxes: env.sandboxes, name: 'bnpl', url: env.JOIN_BNPL_URL, port: env.JOIN_BNPL_PORT } as const;
  return providerOrSandbox(where, (url) => createHttpBnplProvider({ url, key, timeoutMs, ...limits }));
}
