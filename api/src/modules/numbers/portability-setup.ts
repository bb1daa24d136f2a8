import { providerAddress, type Env } from '../../platform/config/env';
import { SANDBOX_PORTABILITY_KEY } from '../../platform/config/sandbox-defaults';
import { createHttpPortabilityLookup, DEFAULT_PORTABILITY_TIMEOUT_MS, type PortabilityLookup } from './portability-client';

type PortabilityEnv = Pick<Env, 'sandboxes' | 'JOIN_PORTABILITY_URL' | 'JOIN_PORTABILITY_KEY' | 'JOIN_PORTABILITY_PORT' | 'JOIN_PORTABILITY_TIMEOUT_MS'>;

/**
 * The number-portability lookup the API uses: JOIN_PORTABILITY_URL with JOIN_PORTABILITY_KEY (the
 * national porting database's service), or, when JOIN_SANDBOXES asks for it, the sandboxes
 * program's on 127.0.0.1:JOIN_PORTABILITY_PORT. Either way the API only sees the HTTP client;
 * `sandbox` is the sandbox's URL when it is one.
 */
export function portabilityLookupFrom(env: PortabilityEnv): { lookup: PortabilityLookup; sandbox: string | null } {
  const key = env.JOIN_PORTABILITY_KEY ?? SANDBOX_PORTABILITY_KEY;
  const timeoutMs = env.JOIN_PORTABILITY_TIMEOUT_MS ?? DEFAULT_PORTABILITY_TIMEOUT_MS;
  const { url, sandbox } = providerAddress(env.sandboxes, 'portability', env.JOIN_PORTABILITY_URL, env.JOIN_PORTABILITY_PORT);
  return { lookup: createHttpPortabilityLookup({ url, key, timeoutMs }), sandbox };
}
