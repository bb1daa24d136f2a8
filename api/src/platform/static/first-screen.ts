import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { FIRST_SCREEN_ID, FIRST_SCREEN_SLOT, type FirstScreenRender } from '@join/shared/contract';

/**
 * The server's first screen (issue 27): the host's frame and the first step's page, each rendered
 * by its own module's build (`dist-server/first-screen.cjs`, the kernel's FirstScreenRender) from
 * the answers the page carries, composed here into the page before the host's #root. A phone
 * paints the plan cards from the HTML and its styles, before any script; the page swaps in its
 * live render once that is on screen (host/src/start/first-screen.ts), and the first-screen gate
 * (a blocking script of a few hundred bytes in the head) hides it beforehand where the page will
 * show something else (the kernel's first-screen-gate.ts).
 *
 * Rendered once per language and set of answers (they change with the reference data), one render
 * at a time: each module's render sets its kernel's language. A module without the build, or a
 * render that fails, leaves the page as the browser alone renders it.
 */
export interface FirstScreen {
  /**
   * The first screen's markup in `language` for these answers, or null (no render: the page as
   * before). `version` names the answers (the page's payload as written: a new one renders anew).
   */
  html(language: 'en' | 'ar', answers: Readonly<Record<string, unknown>>, version: string): Promise<string | null>;
  /** The gate script's path on the page's origin. */
  gateScript: string;
}

const RENDER_FILE = join('dist-server', 'first-screen.cjs');

function loadRender(packageDir: string): FirstScreenRender | null {
  const file = join(packageDir, RENDER_FILE);
  if (!existsSync(file)) return null;
  const loaded = createRequire(import.meta.url)(file) as { renderFirstScreen?: unknown };
  return typeof loaded.renderFirstScreen === 'function' ? (loaded.renderFirstScreen as FirstScreenRender) : null;
}

/**
 * The first screen of the host at `hostDir` and the first step's module at `stepDir` (their
 * build outputs, `dist`; the renders sit beside them), or null when either has none.
 */
export function loadFirstScreen(hostDir: string, stepDir: string | undefined, onError: (err: unknown) => void): FirstScreen | null {
  if (!stepDir || !existsSync(hostDir)) return null;
  const frame = loadRender(join(hostDir, '..'));
  const step = loadRender(join(stepDir, '..'));
  const gate = readdirSync(hostDir).find((f) => /^first-screen-gate\.[0-9a-f]{8}\.js$/.test(f));
  if (!frame || !step || !gate) return null;

  const rendered = new Map<string, Promise<string | null>>();
  let queue: Promise<unknown> = Promise.resolve();
  const render = (language: 'en' | 'ar', answers: Readonly<Record<string, unknown>>): Promise<string | null> => {
    const run = queue.then(async () => {
      const [shell, page] = [await frame({ language, answers }), await step({ language, answers })];
      if (!shell.includes(FIRST_SCREEN_SLOT)) throw new Error(`the host's first screen has no ${FIRST_SCREEN_SLOT}`);
      return `<div id="${FIRST_SCREEN_ID}">${shell.replace(FIRST_SCREEN_SLOT, () => page)}</div>`;
    });
    queue = run.catch(() => undefined);
    return run.catch((err: unknown) => {
      onError(err);
      return null;
    });
  };

  return {
    gateScript: `/${gate}`,
    html(language, answers, version) {
      const key = `${language}:${createHash('sha1').update(version).digest('base64')}`;
      let html = rendered.get(key);
      if (!html) {
        // The reference data changed: the renders of older answers go (one set per language lives).
        for (const k of [...rendered.keys()]) if (k.startsWith(`${language}:`)) rendered.delete(k);
        html = render(language, answers);
        rendered.set(key, html);
      }
      return html;
    },
  };
}
