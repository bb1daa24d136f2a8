import { providerAddress, type Env } from '../../platform/config/env';
import { SANDBOX_TERMINAL_KEY } from '../../platform/config/sandbox-defaults';
import { createHttpTerminalProvider, DEFAULT_TERMINAL_TIMEOUT_MS } from './terminal-client';
import type { TerminalProvider } from './providers';

type TerminalEnv = Pick<Env, 'sandboxes' | 'JOIN_TERMINAL_URL' | 'JOIN_TERMINAL_KEY' | 'JOIN_TERMINAL_PORT' | 'JOIN_TERMINAL_TIMEOUT_MS' | 'JOIN_TERMINAL_JWKS_URL'>;

/**
 * The shops' payment terminals the API uses: JOIN_TERMINAL_URL with JOIN_TERMINAL_KEY (a cloud
 * terminal API), or, when JOIN_SANDBOXES asks for it, the sandboxes program's terminal sandbox on
 * 127.0.0.1:JOIN_TERMINAL_PORT. The results' public keys: JOIN_TERMINAL_JWKS_URL, else the
 * provider's /.well-known/jwks.json. `sandbox` is the sandbox's URL when it is one.
 */
export function terminalProviderFrom(env: TerminalEnv): { provider: TerminalProvider; sandbox: string | null } {
  const key = env.JOIN_TERMINAL_KEY ?? SANDBOX_TERMINAL_KEY;
  const timeoutMs = env.JOIN_TERMINAL_TIMEOUT_MS ?? DEFAULT_TERMINAL_TIMEOUT_MS;
  const { url, sandbox } = providerAddress(env.sandboxes, 'terminal', env.JOIN_TERMINAL_URL, env.JOIN_TERMINAL_PORT);
  return { provider: createHttpTerminalProvider({ url, key, timeoutMs, ...(env.JOIN_TERMINAL_JWKS_URL ? { jwks: env.JOIN_TERMINAL_JWKS_URL } : {}) }), sandbox };
}
