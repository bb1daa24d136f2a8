import { sandboxNotAsked, type Env } from '../config/env';
import { SANDBOX_COURIER_KEY } from '../config/sandbox-defaults';
import { startCourierSandbox, type RunningCourierSandbox } from '../../../sandboxes/src/courier/courier-app';
import { createHttpCourierProvider, DEFAULT_COURIER_TIMEOUT_MS } from './courier-client';
import type { CourierProvider } from './providers';

type CourierEnv = Pick<Env, 'sandboxes' | 'JOIN_COURIER_URL' | 'JOIN_COURIER_KEY' | 'JOIN_COURIER_PORT' | 'JOIN_COURIER_STEP_MS' | 'JOIN_COURIER_TIMEOUT_MS' | 'JOIN_TEST_HOOKS'>;

/**
 * The courier the API uses: JOIN_COURIER_URL with JOIN_COURIER_KEY (a real last-mile courier),
 * or, when JOIN_SANDBOXES asks for it, the sandbox started here on 127.0.0.1:JOIN_COURIER_PORT, its clock stepping every
 * JOIN_COURIER_STEP_MS (and, with JOIN_TEST_HOOKS, a test may step one job on). Either way the API only sees the HTTP client. The caller closes
 * `sandbox` on shutdown.
 */
export async function courierProviderFrom(env: CourierEnv): Promise<{ provider: CourierProvider; sandbox: RunningCourierSandbox | null }> {
  const key = env.JOIN_COURIER_KEY ?? SANDBOX_COURIER_KEY;
  const timeoutMs = env.JOIN_COURIER_TIMEOUT_MS ?? DEFAULT_COURIER_TIMEOUT_MS;
  if (env.JOIN_COURIER_URL) return { provider: createHttpCourierProvider({ url: env.JOIN_COURIER_URL, key, timeoutMs }), sandbox: null };
  if (!env.sandboxes.has('courier')) throw new Error(sandboxNotAsked('courier'));
  const sandbox = await startCourierSandbox({ port: env.JOIN_COURIER_PORT, apiKey: key, stepMs: env.JOIN_COURIER_STEP_MS, testHooks: env.JOIN_TEST_HOOKS }).catch((err: unknown) => {
    throw new Error(`courier sandbox on JOIN_COURIER_PORT ${env.JOIN_COURIER_PORT}: ${err instanceof Error ? err.message : 'did not start'}`);
  });
  return { provider: createHttpCourierProvider({ url: sandbox.url, key, timeoutMs }), sandbox };
}
