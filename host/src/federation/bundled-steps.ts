import type { RemoteName, RemotesList } from '@join/shared';
import type * as Federated from './remotes';
import type { StepModule } from './remotes';

/**
 * The "one bundle" of the per-step benchmark (issue 27, e2e/perf/step-timings.mjs): in the host's
 * single-bundle build (tools/single-bundle.mjs, JOIN_SINGLE_BUNDLE=1) this module takes the place
 * of remotes.ts, with the same exports the host uses, so that the five step modules are chunks of
 * the host's own build (one per step, loaded when shown) and every other file of the host is the
 * one the product runs. No build of the product imports it.
 */
export type { StepModule };

/** Each registered step module's exposed ./Step, its own chunk (`step-<name>`, named in the page by the build). */
const STEPS: Readonly<Record<RemoteName, () => Promise<StepModule>>> = {
  plan: () => import(/* webpackChunkName: "step-plan" */ 'join-bundled-step/plan'),
  number: () => import(/* webpackChunkName: "step-number" */ 'join-bundled-step/number'),
  identity: () => import(/* webpackChunkName: "step-identity" */ 'join-bundled-step/identity'),
  payment: () => import(/* webpackChunkName: "step-payment" */ 'join-bundled-step/payment'),
  delivery: () => import(/* webpackChunkName: "step-delivery" */ 'join-bundled-step/delivery'),
};

/** The page's data block naming each step's files (tools/single-bundle.mjs STEP_CHUNKS_ID). */
const STEP_CHUNKS_ID = 'join-step-chunks';

function stepFiles(name: RemoteName, doc: Document = document): string[] {
  try {
    const files = (JSON.parse(doc.getElementById(STEP_CHUNKS_ID)?.textContent ?? '{}') as Record<string, unknown>)[name];
    return Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

/** Every step is in the bundle: a list of them, for the callers of the federated list. */
export function loadRemotesList(): Promise<RemotesList> {
  return Promise.resolve(Object.fromEntries(Object.keys(STEPS).map((name) => [name, `bundled:${name}`])));
}

export function hasRemote(name: RemoteName): Promise<boolean> {
  return Promise.resolve(name in STEPS);
}

export async function loadStepModule(name: RemoteName): Promise<StepModule> {
  const load = STEPS[name];
  if (!load) throw new Error(`${name} is not a step of this bundle`);
  const mod = await load();
  if (typeof mod.default !== 'function') throw new Error(`the ${name} step has no default component`);
  return mod;
}

export function preloadStep(name: RemoteName): void {
  void loadStepModule(name).catch(() => {
    /* retried when the step is shown */
  });
}

/** Did the page preload this step's files (the build preloads the first step's)? Then a retry reloads the page. */
export function preloadedByPage(name: RemoteName, doc: Document = document): Promise<boolean> {
  const files = new Set(stepFiles(name, doc).map((f) => new URL(f, doc.baseURI).toString()));
  return Promise.resolve([...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].some((link) => files.has(link.href)));
}

const prefetched = new Set<RemoteName>();

/** As the federated host does with a manifest's first download: the next step's files into the HTTP cache, not run. */
export function prefetchStep(name: RemoteName, doc: Document = document): Promise<void> {
  if (!prefetched.has(name)) {
    prefetched.add(name);
    for (const href of stepFiles(name, doc)) {
      const link = doc.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      link.as = href.endsWith('.css') ? 'style' : 'script';
      doc.head.appendChild(link);
    }
  }
  return Promise.resolve();
}

// The exports the host uses, with the federated loader's signatures (a change there fails here).
type Used = 'loadRemotesList' | 'hasRemote' | 'loadStepModule' | 'preloadStep' | 'preloadedByPage' | 'prefetchStep';
const _sameSurface: Pick<typeof Federated, Used> = { loadRemotesList, hasRemote, loadStepModule, preloadStep, preloadedByPage, prefetchStep };
