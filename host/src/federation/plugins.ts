import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteUnavailable } from './remote-unavailable';

export interface RetryOptions {
  /** Attempts after the first one. */
  retries: number;
  /** Wait before the first retry; doubles for each next one. */
  delayMs: number;
  /** For tests: how to wait. */
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Layer 1 of failure containment: a flaky network or a deploy in progress is retried with
 * backoff before anyone sees an error. It covers both things a remote load fetches:
 * - the manifest (the runtime's `fetch` hook);
 * - the `remoteEntry` script (the runtime's `loadEntryError` hook, called when the script tag
 *   fails to load; `getRemoteEntry` there loads it again without re-entering this hook).
 *
 * Why not the official @module-federation/retry-plugin: the registry here has it only up to
 * 0.17.1, built against runtime and SDK 0.17 (we run 2.9), which would put a second, older copy
 * of the SDK in the host's first download. Its script retry is the same `loadEntryError`
 * technique this uses.
 */
export function retryPlugin(opts: RetryOptions): ModuleFederationRuntimePlugin {
  const wait = opts.wait ?? sleep;
  const backoff = (retry: number) => wait(opts.delayMs * 2 ** retry);
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
        if (attempt < opts.retries) await backoff(attempt);
      }
      throw lastError;
    },
    loadEntryError: retryEntryScript(opts.retries, backoff),
  };
}

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;

/** The `loadEntryError` hook: loads the remoteEntry script again, up to `retries` times. */
function retryEntryScript(retries: number, backoff: (retry: number) => Promise<void>): LoadEntryError {
  const hook = async ({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }: Parameters<LoadEntryError>[0]) => {
    for (let retry = 0; retry < retries; retry++) {
      await backoff(retry);
      // The failed load is still recorded as in flight; left there, the retry would wait on it.
      delete globalLoading[uniqueKey];
      try {
        const recovered = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
        if (recovered) return recovered;
      } catch (err) {
        console.warn(`remoteEntry of ${remoteInfo.name}: attempt ${retry + 2} of ${retries + 1} failed`, err);
      }
    }
    // Given up: the runtime rethrows the first error, and layer 2 shows the fallback.
    return undefined;
  };
  // The runtime declares this hook's result as a promise of a promise and awaits it; an async
  // function's result is the same at run time, but TypeScript cannot see that.
  return hook as unknown as LoadEntryError;
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
