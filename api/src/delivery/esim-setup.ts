import { sandboxNotAsked, type Env } from '../config/env';
import { SANDBOX_ESIM_KEY } from '../config/sandbox-defaults';
import { startEsimSandbox, type RunningEsimSandbox } from '../../../sandboxes/src/esim/esim-app';
import { createHttpEsimProvider, DEFAULT_ESIM_TIMEOUT_MS } from './esim-client';
import type { EsimProvider } from './providers';

type EsimEnv = Pick<Env, 'sandboxes' | 'JOIN_ESIM_URL' | 'JOIN_ESIM_KEY' | 'JOIN_ESIM_PORT' | 'JOIN_ESIM_AUTO_INSTALL_MS' | 'JOIN_ESIM_TIMEOUT_MS'>;

/**
 * The eSIM provisioning service the API uses: JOIN_ESIM_URL with JOIN_ESIM_KEY (the operator's
 * SM-DP+), or, when JOIN_SANDBOXES asks for it, the sandbox started here on 127.0.0.1:JOIN_ESIM_PORT (its activation codes name it as
 * host:port; JOIN_ESIM_AUTO_INSTALL_MS installs its profiles by themselves). Either way the API
 * only sees the HTTP client. The caller closes `sandbox` on shutdown.
 */
export async function esimProviderFrom(env: EsimEnv): Promise<{ provider: EsimProvider; sandbox: RunningEsimSandbox | null }> {
  const key = env.JOIN_ESIM_KEY ?? SANDBOX_ESIM_KEY;
  const timeoutMs = env.JOIN_ESIM_TIMEOUT_MS ?? DEFAULT_ESIM_TIMEOUT_MS;
  if (env.JOIN_ESIM_URL) return { provider: createHttpEsimProvider({ url: env.JOIN_ESIM_URL, key, timeoutMs }), sandbox: null };
  if (!env.sandboxes.has('esim')) throw new Error(sandboxNotAsked('esim'));
  const sandbox = await startEsimSandbox({ port: env.JOIN_ESIM_PORT, apiKey: key, autoInstallMs: env.JOIN_ESIM_AUTO_INSTALL_MS }).catch((err: unknown) => {
    throw new Error(`eSIM provisioning sandbox on JOIN_ESIM_PORT ${env.JOIN_ESIM_PORT}: ${err instanceof Error ? err.message : 'did not start'}`);
  });
  return { provider: createHttpEsimProvider({ url: sandbox.url, key, timeoutMs }), sandbox };
}
