import { z } from 'zod';
import { MODULES } from './modules/registry';

/**
 * How the host and the step modules meet at run time. Every remote exposes one module,
 * `./Step`, whose default export is a React component taking StepComponentProps.
 * The host finds remotes through a list served next to it (remote name -> manifest URL).
 */
export const STEP_EXPOSE = 'Step';

/** A registered step module's name (src/modules/registry.json). */
export type RemoteName = string;

/** The Module Federation container name of each registered remote (what `name` is in its build). */
export const REMOTE_CONTAINER: Readonly<Record<string, string>> = Object.fromEntries(MODULES.map((m) => [m.name, m.container]));

/** GET /remotes.json: remote name -> manifest URL (relative to the page or absolute). */
export const RemotesList = z.record(z.string(), z.string().min(1));
export type RemotesList = z.infer<typeof RemotesList>;

export interface StepComponentProps {
  /** The hash route the host is showing (for example /number/search). */
  route: string;
  /** Given when the host shows a fallback: loads the step again. */
  onRetry?: () => void;
}

/**
 * The files of a remote's first download, from its manifest (mf-manifest.json): its remoteEntry
 * first, then the exposed step's sync scripts and styles, as absolute URLs next to the manifest.
 * The host prefetches them for the next step; the server preloads the first step's in the page.
 */
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

/**
 * What the page's HTML carries so that the first screen needs no start-up round trip (our
 * addition, issue 27): the server writes it into index.html as
 * `<script type="application/json" id="join-boot">` (a data block: no script runs, the CSP is
 * unchanged). Every part is optional: what is missing the client fetches as before.
 * - `answers`: answers of GET calls the first screen makes (the business config, the
 *   translations, the first tab's plans), by bootAnswerKey. The kernel's API client serves each
 *   once, checked with the call's own schema, instead of asking the server (api/client.ts).
 * - `remotes`: the remotes list (GET /remotes.json), and `manifests` those of them this origin
 *   serves (name -> the mf-manifest.json the list points at).
 */
export const BOOT_PAYLOAD_ID = 'join-boot';
export const BootPayload = z.object({
  answers: z.record(z.string(), z.unknown()).optional(),
  remotes: RemotesList.optional(),
  manifests: z.record(z.string(), z.unknown()).optional(),
});
export type BootPayload = z.infer<typeof BootPayload>;

/**
 * The first screen the server writes into the page (issue 27): a visitor's phone paints it from
 * the HTML, before any script, and the page swaps in its live render once the first step is on
 * screen (host/src/start/first-screen.ts). The host renders its frame around a slot
 * (FIRST_SCREEN_SLOT), the first step's module renders the step; each from the same boot answers
 * the page carries, in the page's language, with the same components the browser runs. A module
 * builds this as `dist-server/first-screen.cjs` exporting `renderFirstScreen`
 * (tools/rspack-config.mjs createFirstScreenConfig); one without it is rendered by the browser
 * alone, as before.
 */
export interface FirstScreenInput {
  language: 'en' | 'ar';
  /** The page's boot answers (BootPayload.answers), by bootAnswerKey. */
  answers: Readonly<Record<string, unknown>>;
}
export type FirstScreenRender = (input: FirstScreenInput) => Promise<string>;
/** Where the host's frame takes the step: its render holds this element once, empty. */
export const FIRST_SCREEN_SLOT = '<join-first-step></join-first-step>';

/**
 * The key of a GET answer in the boot payload: the path, its query (sorted) and the language the
 * answer is in (the client's `language` header). The server writes answers under it, the client
 * looks them up with it: one function, so the two cannot disagree.
 */
export function bootAnswerKey(path: string, query: Readonly<Record<string, string | number | boolean | undefined>> | undefined, language: string): string {
  const params = Object.entries(query ?? {})
    .filter((e): e is [string, string | number | boolean] => e[1] !== undefined)
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return `${language} GET ${path}${params ? `?${params}` : ''}`;
}
