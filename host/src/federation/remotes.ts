import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { REMOTE_CONTAINER, RemotesList, STEP_EXPOSE, type RemoteName, type StepComponentProps } from '@join/shared';
import { fallbackPlugin, retryPlugin } from './plugins';
import { assertKernelCompatible } from './kernel-compat';

/**
 * Run-time composition: the host reads /remotes.json (remote name -> manifest URL), so a
 * team can ship its step to its own origin by changing one line there, without a host build.
 */
export type StepModule = { default: ComponentType<StepComponentProps>; __fallback?: boolean };

let remotesPromise: Promise<RemotesList> | null = null;
const registered = new Set<RemoteName>();
let pluginsInstalled = false;

export function loadRemotesList(url = '/remotes.json'): Promise<RemotesList> {
  remotesPromise ??= fetch(url, { headers: { accept: 'application/json' }, cache: 'no-cache' })
    .then((r) => {
      if (!r.ok) throw new Error(`remotes list: HTTP ${r.status}`);
      return r.json();
    })
    .then((json: unknown) => RemotesList.parse(json))
    .catch((err: unknown) => {
      remotesPromise = null; // let a retry fetch it again
      throw err;
    });
  return remotesPromise;
}

function installPlugins() {
  if (pluginsInstalled) return;
  pluginsInstalled = true;
  registerPlugins([
    retryPlugin({ retries: 2, delayMs: 250 }),
    fallbackPlugin((id, error) => console.warn(`remote ${id} failed to load`, error)),
  ]);
}

/** Is this step module listed? A step whose module is not deployed yet is "coming soon". */
export async function hasRemote(name: RemoteName): Promise<boolean> {
  const list = await loadRemotesList();
  return Boolean(list[name]);
}

function absolute(entry: string): string {
  return new URL(entry, window.location.href).toString();
}

/**
 * Loads a step's component. `attempt` > 0 re-registers the remote with force, which drops
 * the runtime's cached (failed) manifest so a retry really fetches again.
 */
export async function loadStepModule(name: RemoteName, attempt = 0): Promise<StepModule> {
  installPlugins();
  const list = await loadRemotesList();
  const entry = list[name];
  if (!entry) throw new Error(`No remote named ${name} in the remotes list`);
  const container = REMOTE_CONTAINER[name];
  if (!container) throw new Error(`${name} is not a registered step module`);
  // Before any of the remote's code runs: a remote built for another kernel is refused here.
  await assertKernelCompatible(name, absolute(entry));
  if (!registered.has(name) || attempt > 0) {
    registerRemotes([{ name: container, entry: absolute(entry) }], { force: registered.has(name) });
    registered.add(name);
  }
  const mod = await loadRemote<StepModule>(`${container}/${STEP_EXPOSE}`);
  if (!mod || typeof mod.default !== 'function') throw new Error(`${container}/${STEP_EXPOSE} has no default component`);
  return mod;
}

/** Warm the next step's remote while the user is on the current one (ARCHITECTURE: preload). */
export function preloadStep(name: RemoteName): void {
  void hasRemote(name)
    .then((listed) => (listed ? loadStepModule(name) : undefined))
    .catch(() => {
      /* a failed preload is retried when the step is shown */
    });
}

/** The files of a remote's first download, from its manifest: remoteEntry and the exposed step's sync assets. */
export function firstDownloadOf(manifest: unknown, manifestUrl: string): string[] {
  const m = manifest as {
    metaData?: { remoteEntry?: { name?: string; path?: string } };
    exposes?: { assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
  };
  const base = new URL('./', manifestUrl);
  const entry = m.metaData?.remoteEntry;
  const files = [
    ...(entry?.name ? [`${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}`] : []),
    ...(m.exposes ?? []).flatMap((e) => [...(e.assets?.js?.sync ?? []), ...(e.assets?.css?.sync ?? [])]),
  ];
  return [...new Set(files.map((f) => new URL(f, base).toString()))];
}

const prefetched = new Set<string>();

/**
 * Warms the next step's download while the visitor is on this one, without running it: the
 * files go into the HTTP cache (`<link rel="prefetch">`, idle priority), and the step runs only
 * when it is shown (after its kernel check). Running it early cost the first screen its
 * blocking time (Lighthouse).
 */
export async function prefetchStep(name: RemoteName, doc: Document = document, fetchImpl: typeof fetch = fetch): Promise<void> {
  if (prefetched.has(name)) return;
  prefetched.add(name);
  try {
    const entry = (await loadRemotesList())[name];
    if (!entry) return;
    const url = absolute(entry);
    const res = await fetchImpl(url, { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    for (const href of firstDownloadOf(await res.json(), url)) {
      const link = doc.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      if (href.endsWith('.css')) link.as = 'style';
      else link.as = 'script';
      doc.head.appendChild(link);
    }
  } catch {
    prefetched.delete(name); // a failed prefetch costs nothing: the step loads when shown
  }
}
