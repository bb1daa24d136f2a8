import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { firstDownloadOf, REMOTE_CONTAINER, RemotesList, STEP_EXPOSE, type RemoteName, type StepComponentProps } from '@join/shared';
import { fallbackPlugin, retryPlugin } from './plugins';
import { checkKernelOf } from './kernel-compat';
import { bootPayload } from '../start/boot-payload';

/**
 * Run-time composition: the host reads /remotes.json (remote name -> manifest URL), so a
 * team can ship its step to its own origin by changing one line there, without a host build.
 */
export type StepModule = { default: ComponentType<StepComponentProps>; __fallback?: boolean };

let remotesPromise: Promise<RemotesList> | null = null;
const registered = new Set<RemoteName>();
let pluginsInstalled = false;

export function loadRemotesList(url = '/remotes.json'): Promise<RemotesList> {
  // The page's own list (its boot payload) when it has one: no round trip before the first step.
  const fromPage = bootPayload().remotes;
  if (fromPage && !remotesPromise) remotesPromise = Promise.resolve(fromPage);
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

const manifests = new Map<RemoteName, Promise<unknown>>();

/**
 * A remote's manifest (mf-manifest.json): the page's boot payload's for a remote this origin
 * serves, or fetched once. The kernel check, the registration and the prefetch all read this one
 * (the first screen fetched the plan manifest three times). `fresh` drops what was read (a retry).
 */
export function manifestOf(name: RemoteName, manifestUrl: string, fresh = false, fetchImpl: typeof fetch = fetch): Promise<unknown> {
  if (fresh) manifests.delete(name);
  let manifest = manifests.get(name);
  if (!manifest) {
    const fromPage = fresh ? undefined : bootPayload().manifests?.[name];
    manifest =
      fromPage !== undefined
        ? Promise.resolve(fromPage)
        : fetchImpl(manifestUrl, { headers: { accept: 'application/json' }, cache: 'no-cache' }).then((res) => {
            if (!res.ok) throw new Error(`manifest of ${name}: HTTP ${res.status}`);
            return res.json() as Promise<unknown>;
          });
    manifest.catch(() => manifests.delete(name));
    manifests.set(name, manifest);
  }
  return manifest;
}

/**
 * Did the page preload this remote's files (the first step's: api boot-page.ts)? Chromium answers
 * a later request for a preload that failed with the same failure, for the page's lifetime: such a
 * step is retried by loading the page again (RemoteStep), not by asking for its files again.
 */
export async function preloadedByPage(name: RemoteName, doc: Document = document): Promise<boolean> {
  const entry = (await loadRemotesList().catch(() => ({}) as RemotesList))[name];
  if (!entry) return false;
  const folder = new URL('./', absolute(entry)).toString();
  return [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].some((link) => link.href.startsWith(folder));
}

/**
 * Loads a step's component. `attempt` > 0 reads the manifest afresh and re-registers the remote
 * with force, so a retry really fetches again.
 */
export async function loadStepModule(name: RemoteName, attempt = 0): Promise<StepModule> {
  installPlugins();
  const list = await loadRemotesList();
  const entry = list[name];
  if (!entry) throw new Error(`No remote named ${name} in the remotes list`);
  const container = REMOTE_CONTAINER[name];
  if (!container) throw new Error(`${name} is not a registered step module`);
  const manifestUrl = absolute(entry);
  const manifest = await manifestOf(name, manifestUrl, attempt > 0);
  // Before any of the remote's code runs: a remote built for another kernel is refused here.
  checkKernelOf(name, manifest);
  if (!registered.has(name) || attempt > 0) {
    // Registered by its remoteEntry (from the manifest already read): the runtime then fetches no
    // manifest of its own, and the page preloaded the first step's entry and chunks.
    const remoteEntry = firstDownloadOf(manifest, manifestUrl)[0];
    // (The page's copy of a manifest names it with its version: remoteEntry.js?v=….)
    if (!remoteEntry || !new URL(remoteEntry).pathname.endsWith('.js')) throw new Error(`the manifest of ${name} names no remoteEntry`);
    registerRemotes([{ name: container, entry: remoteEntry }], { force: registered.has(name) });
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

const prefetched = new Set<string>();

/** Tests: forget the remotes list, the manifests and the prefetches read. */
export function resetRemotes(): void {
  remotesPromise = null;
  manifests.clear();
  prefetched.clear();
}

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
    for (const href of firstDownloadOf(await manifestOf(name, url, false, fetchImpl), url)) {
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
