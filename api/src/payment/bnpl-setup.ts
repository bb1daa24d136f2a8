import { sandboxNotAsked, type Env } from '../config/env';
import { SANDBOX_BNPL_KEY } from '../config/sandbox-defaults';
import { startBnplSandbox, type RunningBnplSandbox } from '../../../sandboxes/src/bnpl/bnpl-app';
import { createHttpBnplProvider, DEFAULT_BNPL_TIMEOUT_MS } from './bnpl-client';
import type { BnplProvider } from './providers';

type BnplEnv = Pick<Env, 'sandboxes' | 'JOIN_BNPL_URL' | 'JOIN_BNPL_KEY' | 'JOIN_BNPL_PORT' | 'JOIN_BNPL_TIMEOUT_MS' | 'JOIN_BNPL_MIN_AED' | 'JOIN_BNPL_MAX_AED'>;

/**
 * The buy-now-pay-later provider the API uses: JOIN_BNPL_URL (Spotii) with JOIN_BNPL_KEY, or the
 * sandbox started here on JOIN_BNPL_PORT with the same limits the client announces. Either way
 * the API only sees the HTTP client. The sandbox listens on 127.0.0.1 and starts only when
 * JOIN_SANDBOXES asks for it. The caller closes `sandbox` on shutdown.
 */
export async function bnplProviderFrom(env: BnplEnv): Promise<{ provider: BnplProvider; sandbox: RunningBnplSandbox | null }> {
  const key = env.JOIN_BNPL_KEY ?? SANDBOX_BNPL_KEY;
  const limits = { minFils: Math.round(env.JOIN_BNPL_MIN_AED * 100), maxFils: Math.round(env.JOIN_BNPL_MAX_AED * 100) };
  const timeoutMs = env.JOIN_BNPL_TIMEOUT_MS ?? DEFAULT_BNPL_TIMEOUT_MS;
  if (env.JOIN_BNPL_URL) {
    return { provider: createHttpBnplProvider({ url: env.JOIN_BNPL_URL, key, timeoutMs, ...limits }), sandbox: null };
  }
  if (!env.sandboxes.has('bnpl')) throw new Error(sandboxNotAsked('bnpl'));
  const sandbox = await startBnplSandbox({ port: env.JOIN_BNPL_PORT, apiKey: key, limits }).catch((err: unknown) => {
    throw new Error(`buy-now-pay-later sandbox on JOIN_BNPL_PORT ${env.JOIN_BNPL_PORT}: ${err instanceof Error ? err.message : 'did not start'}`);
  });
  return { provider: createHttpBnplProvider({ url: sandbox.url, key, timeoutMs, ...limits }), sandbox };
}
