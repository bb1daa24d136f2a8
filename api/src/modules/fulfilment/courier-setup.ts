import type { Env } from '../../platform/config/env';
import { providerOrSandbox } from '../../platform/config/provider-choice';
import { SANDBOX_COURIER_KEY } from '../../platform/config/sandbox-defaults';
import { createHttpCourierProvider, DEFAULT_COURIER_TIMEOUT_MS } from './courier-client';
import type { CourierProvider } from './providers';

type CourierEnv = Pick<Env, 'sandboxes' | 'JOIN_COURIER_URL' | 'JOIN_COURIER_KEY' | 'JOIN_COURIER_PORT' | 'JOIN_COURIER_TIMEOUT_MS'>;

/**
 * The courier the API uses: JOIN_COURIER_URL with JOIN_COURIER_KEY (a real last-mile courier), or,
 * when JOIN_SANDBOXES asks for it, the sandboxes program's courier on 127.0.0.1:JOIN_COURIER_PORT
 * (its clock and test hook are the program's settings). Either way the API only sees the HTTP
 * client; `sandbox` is the sandbox's URL when it is one.
 */
export function courierProviderFrom(env: CourierEnv): { provider: CourierProvider; sandbox: string | null } {
  const key = env.JOIN_COURIER_KEY ?? SANDBOX_COURIER_KEY;
  const timeoutMs = env.JOIN_COURIER_TIMEOUT_MS ?? DEFAULT_COURIER_TIMEOUT_MS;
  const where = { sandboxes: env.sandboxes, name: 'courier', url: env.JOIN_COURIER_URL, port: env.JOIN_COURIER_PORT } as const;
  return providerOrSandbox(where, (url) => createHttpCourierProvider({ url, key, timeoutMs }));
}
