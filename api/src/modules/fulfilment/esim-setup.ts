import type { Env } from '../../platform/config/env';
import { providerOrSandbox } from '../../platform/config/provider-choice';
import { SANDBOX_ESIM_KEY } from '../../platform/config/sandbox-defaults';
import { createHttpEsimProvider, DEFAULT_ESIM_TIMEOUT_MS } from './esim-client';
import type { EsimProvider } from './providers';

type EsimEnv = Pick<Env, 'sandboxes' | 'JOIN_ESIM_URL' | 'JOIN_ESIM_KEY' | 'JOIN_ESIM_PORT' | 'JOIN_ESIM_TIMEOUT_MS'>;

/**
 * The eSIM provisioning service the API uses: JOIN_ESIM_URL with JOIN_ESIM_KEY (the operator's
 * SM-DP+), or, when JOIN_SANDBOXES asks for it, the sandboxes program's SM-DP+ on
 * 127.0.0.1:JOIN_ESIM_PORT. Either way the API only sees the HTTP client; `sandbox` is the
 * sandbox's URL when it is one.
 */
export function esimProviderFrom(env: EsimEnv): { provider: EsimProvider; sandbox: string | null } {
  const key = env.JOIN_ESIM_KEY ?? SANDBOX_ESIM_KEY;
  const timeoutMs = env.JOIN_ESIM_TIMEOUT_MS ?? DEFAULT_ESIM_TIMEOUT_MS;
  const where = { sandboxes: env.sandboxes, name: 'esim', url: env.JOIN_ESIM_URL, port: env.JOIN_ESIM_PORT } as const;
  return providerOrSandbox(where, (url) => createHttpEsimProvider({ url, key, timeoutMs }));
}
