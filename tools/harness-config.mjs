// A harness page's build, for the perf scripts of e2e/perf: one component of a remote (its
// harness/main.tsx) with its lazy chunks, built exactly as the remote builds it (createConfig's
// swc and CSS rules) but without Module Federation, into the folder named by the environment
// variable `outEnv` (a temporary folder), never into the repository. The page is harness.html.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { createConfig } from './rspack-config.mjs';

const HARNESS_HTML = path.join(path.dirname(fileURLToPath(import.meta.url)), 'harness.html');

/**
 * configUrl: the harness's rspack.config.mjs (import.meta.url), in src/<folder>/harness/ of its
 * remote, beside its main.tsx; name: the build's unique name; title: the page's title. The
 * caller adds its remote's own rules, aliases and plugins.
 */
export function harnessConfig(configUrl, { name, title, outEnv }) {
  const out = process.env[outEnv];
  if (!out) throw new Error(`${outEnv}: where to build the ${title}`);
  const here = path.dirname(fileURLToPath(configUrl));
  const base = createConfig({ dir: path.join(here, '..', '..', '..'), kind: 'remote', name, port: 0 });
  return {
    ...base,
    entry: { main: path.join(here, 'main.tsx') },
    output: { ...base.output, path: path.resolve(out), publicPath: '/', uniqueName: name },
    devtool: false,
    plugins: [new rspack.HtmlRspackPlugin({ template: HARNESS_HTML, title, inject: 'body', scriptLoading: 'defer' })],
  };
}
