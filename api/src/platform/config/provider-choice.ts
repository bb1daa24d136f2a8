import { sandboxNotAsked, type Env, type SandboxName } from './env';
import { sandboxUrl } from './sandbox-defaults';

/**
 * Where a provider is reached: its configured URL (a real provider, or a sandbox run elsewhere),
 * else, when JOIN_SANDBOXES asks for it, the sandboxes program's sandbox on 127.0.0.1 at its port
 * (else the start is refused, saying what to set). Either way the API only sees the HTTP client
 * `create` makes; `sandbox` is the sandbox's URL when it is one.
 */
export function providerOrSandbox<P>(
  choice: { sandboxes: Env['sandboxes']; name: SandboxName; url: string | undefined; port: number },
  create: (url: string) => P,
): { provider: P; sandbox: string | null } {
  if (choice.url) return { provider: create(choice.url), sandbox: null };
  if (!choice.sandboxes.has(choice.name)) throw new Error(sandboxNotAsked(choice.name));
  const url = sandboxUrl(choice.port);
  return { provider: create(url), sandbox: url };
}
