import type { Env } from '../config/env';
import { startCourierSandbox, type RunningCourierSandbox } from '../sandbox/courier/courier-app';
import { createHttpCourierProvider, DEFAULT_COURIER_TIMEOUT_MS } from './courier-client';
import type { CourierProvider } from './providers';

/** The sandbox's key when JOIN_COURIER_KEY is unset (development only: production requires the variable). */
export const SANDBOX_COURIER_KEY = 'sandbox-courier-key-for-development';

type CourierEnv = Pick<Env, 'HOST' | 'JOIN_COURIER_URL' | 'JOIN_COURIER_KEY' | 'JOIN_COURIER_PORT' | 'JOIN_COURIER_STEP_MS' | 'JOIN_COURIER_TIMEOUT_MS' | 'JOIN_TEST_HOOKS'>;

/**
 * The courier the API uses: JOIN_COURIER_URL with JOIN_COURIER_KEY (a real last-mile courier),
 * or the sandbox started here on JOIN_COURIER_PORT, its clock stepping every
 * JOIN_COURIER_STEP_MS (and, with JOIN_TEST_HOOKS, a test may step one job on). Either way the API only sees the HTTP client. The caller closes
 * `sandbox` on shutdown.
 */
export async function courierProviderFrom(env: CourierEnv): Promise<{ provider: CourierProvider; sandbox: RunningCourierSandbox | null }> {
  const key = env.JOIN_COURIER_KEY ?? SANDBOX_COURIER_KEY;
  const timeoutMs = env.JOIN_COURIER_TIMEOUT_MS ?? DEFAULT_COURIER_TIMEOUT_MS;
  if (env.JOIN_COURIER_URL) return { provider: createHttpCourierProvider({ url: env.JOIN_COURIER_URL, key, timeoutMs }), sandbox: null };
  const sandbox = await startCourierSandbox({ port: env.JOIN_COURIER_PORT, host: env.HOST, apiKey: key, stepMs: env.JOIN_COURIER_STEP_MS, testHooks: env.JOIN_TEST_HOOKS }).catch((err: unknown) => {
    throw new Error(`courier sandbox on JOIN_COURIER_PORT ${env.JOIN_COURIER_PORT}: ${err instanceof Error ? err.message : 'did not start'}`);
  });
  return { provider: createHttpCourierProvider({ url: sandbox.url, key, timeoutMs }), sandbox };
}
