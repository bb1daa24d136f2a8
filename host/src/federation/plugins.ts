import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteUnavailable } from './remote-unavailable';

/**
 * Layer 1 of failure containment: fetches of remote manifests are retried with backoff
 * before anyone sees an error (a flaky network or a deploy in progress).
 */
export function retryPlugin(opts: { retries: number; delayMs: number }): ModuleFederationRuntimePlugin {
  return {
    name: 'join-retry',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt <= opts.retries; attempt++) {
        try {
          const res = await fetch(url, init);
          if (res.ok) return res;
          lastError = new Error(`HTTP ${res.status} for ${url}`);
        } catch (err) {
          lastError = err;
        }
        if (attempt < opts.retries) await new Promise((r) => setTimeout(r, opts.delayMs * 2 ** attempt));
      }
      throw lastError;
    },
  };
}

/**
 * Layer 2: when a remote still cannot load, its module becomes a fallback component that
 * says so inside the shell and offers a retry, instead of breaking the page.
 */
export function fallbackPlugin(onFailure: (id: string, error: unknown) => void): ModuleFederationRuntimePlugin {
  return {
    name: 'join-fallback',
    async errorLoadRemote(args) {
      onFailure(args.id, args.error);
      // Only a failed module load gets a fallback module; a failed shared-dependency load
      // must surface (silently substituting a second React would break the singleton rule).
      if (args.lifecycle === 'onLoad') return { __esModule: true, default: RemoteUnavailable, __fallback: true };
      return undefined;
    },
  };
}
