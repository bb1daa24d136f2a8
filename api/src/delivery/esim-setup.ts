import type { Env } from '../config/env';
import { startEsimSandbox, type RunningEsimSandbox } from '../sandbox/esim/esim-app';
import { createHttpEsimProvider, DEFAULT_ESIM_TIMEOUT_MS } from './esim-client';
import type { EsimProvider } from './providers';

/** The sandbox's key when JOIN_ESIM_KEY is unset (development only: production requires the variable). */
export const SANDBOX_ESIM_KEY = 'sandbox-esim-key-for-development';

type EsimEnv = Pick<Env, 'HOST' | 'JOIN_ESIM_URL' | 'JOIN_ESIM_KEY' | 'JOIN_ESIM_PORT' | 'JOIN_ESIM_AUTO_INSTALL_MS' | 'JOIN_ESIM_TIMEOUT_MS'>;

/**
 * The eSIM provisioning service the API uses: JOIN_ESIM_URL with JOIN_ESIM_KEY (the operator's
 * SM-DP+), or the sandbox started here on JOIN_ESIM_PORT (its activation codes name it as
 * host:port; JOIN_ESIM_AUTO_INSTALL_MS installs its profiles by themselves). Either way the API
 * only sees the HTTP client. The caller closes `sandbox` on shutdown.
 */
export async function esimProviderFrom(env: EsimEnv): Promise<{ provider: EsimProvider; sandbox: RunningEsimSandbox | null }> {
  const key = env.JOIN_ESIM_KEY ?? SANDBOX_ESIM_KEY;
  const timeoutMs = env.JOIN_ESIM_TIMEOUT_MS ?? DEFAULT_ESIM_TIMEOUT_MS;
  if (env.JOIN_ESIM_URL) return { provider: createHttpEsimProvider({ url: env.JOIN_ESIM_URL, key, timeoutMs }), sandbox: null };
  const sandbox = await startEsimSandbox({ port: env.JOIN_ESIM_PORT, host: env.HOST, apiKey: key, autoInstallMs: env.JOIN_ESIM_AUTO_INSTALL_MS }).catch((err: unknown) => {
    throw new Error(`eSIM provisioning sandbox on JOIN_ESIM_PORT ${env.JOIN_ESIM_PORT}: ${err instanceof Error ? err.message : 'did not start'}`);
  });
  return { provider: createHttpEsimProvider({ url: sandbox.url, key, timeoutMs }), sandbox };
}
