import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BOOT_PAYLOAD_ID, firstDownloadOf, type BootPayload } from '@join/shared/contract';
import type { RemoteManifests } from './remotes';
import type { FirstScreen } from './first-screen';
import { withEntryVersion } from './entry-version';

/**
 * The page (index.html) as the server answers it: the host's built page with what its first
 * screen needs written in (issue 27), so that a visitor's phone starts the first step without the
 * start-up round trips of SPEC 4:
 * - a data block `<script type="application/json" id="join-boot">` (no script runs: the CSP is
 *   unchanged) with the answers of the first screen's GET calls in the page's language (the
 *   modules say which: business config, translations, the first tab's plans), the remotes list and
 *   the manifests of the remotes this origin serves (the shape is the kernel's BootPayload);
 * - `<link rel="preload">` of the first step's first download (its remoteEntry and the exposed
 *   step's scripts, from its manifest), fetched beside the host's own scripts instead of after
 *   them. Not its styles (the step's chunk loader asks for them at once). Chromium answers a later
 *   request for a preload that failed with the same failure, so the host retries such a step by
 *   loading the page again (host/src/federation/remotes.ts).
 * The page's language is its `lang` start parameter (`?lang=ar`), English without one: a visitor
 * whose stored language is another gets the translations by the client's call, as before.
 * Compressed per answer (brotli or gzip, as the browser accepts): the page is no-store and its
 * payload changes with the configuration.
 */
export interface BootContent {
  /**
   * Answers of GET calls by bootAnswerKey, as the routes answer them, for a page in `language`.
   * Each module gives its own; one that fails gives none (the client then asks, as before).
   */
  answers: readonly ((language: 'en' | 'ar') => Promise<Record<string, unknown>>)[];
}

export interface BootPageOptions {
  hostDir: string;
  /** Remote name -> its build output (manifests are read from there). */
  remoteDirs: Readonly<Record<string, string>>;
  /** The remotes list the page uses (GET /remotes.json). */
  manifests: RemoteManifests;
  /** The remote of the flow's first step: its first download is preloaded. */
  firstRemote: string | null;
  content: BootContent;
  /** The server's first screen (first-screen.ts), when the host and the first step have one. */
  firstScreen?: FirstScreen | null;
}

/** JSON inside a <script> data block: nothing in it may close the element or open a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

async function readManifest(dir: string): Promise<unknown> {
  try {
    return withEntryVersion(JSON.parse(await readFile(join(dir, 'mf-manifest.json'), 'utf8')), dir);
  } catch {
    return undefined; // not built: the client asks for it, and shows the step's fallback
  }
}

/**
 * Does this address open on the server's first screen? The start (`/`) with no start parameter
 * but the language and a campaign's (gclid, utm_*): a deep path (/join/spotii-success) or a start
 * parameter (a product, a VIP tier, a retail start…) opens elsewhere, as the browser decides.
 */
export function opensFirstScreen(url: URL): boolean {
  if (url.pathname !== '/' && url.pathname !== '/index.html') return false;
  return [...url.searchParams.keys()].every((name) => name === 'lang' || name === 'gclid' || name.startsWith('utm_'));
}

export function bootPage(options: BootPageOptions) {
  const { hostDir, remoteDirs, manifests, firstRemote, content, firstScreen } = options;
  /** The page, with its payload and preloads, and the server's first screen when `withFirstScreen`. */
  async function render(language: 'en' | 'ar', withFirstScreen = false): Promise<string> {
    const template = await readFile(join(hostDir, 'index.html'), 'utf8');
    const served = Object.entries(manifests).filter(([name, url]) => remoteDirs[name] && url.startsWith('/'));
    const manifestJson = Object.fromEntries(
      (await Promise.all(served.map(async ([name]) => [name, await readManifest(remoteDirs[name] as string)] as const))).filter(([, m]) => m !== undefined),
    );
    const answers = await Promise.all(content.answers.map((give) => give(language).catch(() => ({}))));
    const payload: BootPayload = { answers: Object.assign({}, ...answers), remotes: manifests, manifests: manifestJson };
    const first = firstRemote ? manifestJson[firstRemote] : undefined;
    // The first step's first download, as addresses on this origin (the manifest's URL is one; its
    // remoteEntry carries its version: entry-version.ts).
    const firstFiles = (first ? firstDownloadOf(first, new URL(manifests[firstRemote as string] as string, 'http://page').toString()) : []).map((u) => {
      const { pathname, search } = new URL(u);
      return { href: pathname + search, path: pathname };
    });
    const stepScripts = firstFiles.filter(({ path }) => path.endsWith('.js')).map(({ href }) => href);
    const json = scriptSafeJson(payload);
    const data = `<script type="application/json" id="${BOOT_PAYLOAD_ID}">${json}</script>`;
    const screen = withFirstScreen && firstScreen && payload.answers ? await firstScreen.html(language, payload.answers, json) : null;
    // The preloads as early as possible (the head), the data before the host's scripts, and the
    // page's language and direction from its first paint (set later, Arabic moved the header: CLS).
    let page = language === 'ar' ? template.replace(/<html\b[^>]*>/, '<html lang="ar" dir="rtl">') : template;
    let head = stepScripts.map((href) => `<link rel="preload" as="script" href="${attr(href)}">`).join('');
    if (screen && firstScreen) {
      // The first screen paints from the HTML: its styles block rendering (the host's, preloaded
      // by its build, and the first step's), then the gate runs before the body is painted.
      page = page.replace(/<link rel="preload" as="style" href="([^"]+)">/g, (_m, href: string) => `<link rel="stylesheet" href="${href}">`);
      // The scripts start once the first screen is painted (the gate starts them: the kernel's
      // first-screen-gate.ts): on a phone's connection they no longer compete with its styles
      // (Lighthouse: preloads at their default priority put the first paint after the page's
      // code, LCP 2.8 s instead of 1.3 s; at low priority still 2.3 s). The build's scripts and
      // preloads move from the page onto the gate's element, the first step's with them.
      const scripts: string[] = [];
      const preloads: string[] = [];
      const take = (into: string[]) => (_m: string, src: string) => {
        into.push(src);
        return '';
      };
      page = page.replace(/<script defer src="([^"]+)"><\/script>/g, take(scripts)).replace(/<link rel="preload" as="script" href="([^"]+)">/g, take(preloads));
      preloads.push(...stepScripts);
      const styles = firstFiles.filter(({ path }) => path.endsWith('.css')).map(({ href }) => `<link rel="stylesheet" href="${attr(href)}">`).join('');
      head = `${styles}<script src="${attr(firstScreen.gateScript)}" data-scripts="${attr(scripts.join(' '))}" data-preloads="${attr(preloads.join(' '))}"></script>`;
      page = page.replace('<div id="root">', () => `${screen}<div id="root">`);
    }
    // Replacer functions: a "$&" or "$'" in a translation is text, not a replacement pattern.
    // The data before the host's scripts (the template's first script; the head has none until
    // then), or at the end of the body when the gate starts them.
    const withData = /<script\b/.test(page) ? page.replace(/<script\b/, () => `${data}<script`) : page.replace('</body>', () => `${data}</body>`);
    return withData.replace('</head>', () => `${head}</head>`);
  }

  return {
    render,
    /** Answers a page request with the rendered page, compressed as the browser accepts. */
    async send(request: FastifyRequest, reply: FastifyReply, cacheControl: string): Promise<void> {
      const url = new URL(request.url, 'http://page');
      const lang = url.searchParams.get('lang');
      const html = Buffer.from(await render(lang === 'ar' ? 'ar' : 'en', opensFirstScreen(url)));
      const accepts = String(request.headers['accept-encoding'] ?? '');
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', cacheControl).header('vary', 'accept-encoding');
      if (/\bbr\b/.test(accepts)) {
        reply.header('content-encoding', 'br');
        await reply.send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
      } else if (/\bgzip\b/.test(accepts)) {
        reply.header('content-encoding', 'gzip');
        await reply.send(gzipSync(html));
      } else {
        await reply.send(html);
      }
    },
  };
}
