import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createFirstScreenConfig } from '../tools/rspack-config.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

/**
 * The host's part of the server's first screen (issue 27), built after the page (`build`):
 * - the shell's frame for the API (src/first-screen.server.tsx -> dist-server/first-screen.cjs);
 * - the first-screen gate the page's head runs before that screen's first paint
 *   (src/first-screen-gate.ts -> dist/first-screen-gate.<hash>.js, beside the page's scripts; no
 *   federation, no runtime: a few hundred bytes).
 */
export default [
  createFirstScreenConfig({ dir }),
  {
    mode: 'production',
    context: dir,
    target: ['web', 'es2020'],
    entry: { 'first-screen-gate': './src/first-screen-gate.ts' },
    devtool: false,
    output: { path: path.join(dir, 'dist'), filename: '[name].[contenthash:8].js', clean: false, iife: true },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [{ test: /\.ts$/, loader: 'builtin:swc-loader', options: { jsc: { parser: { syntax: 'typescript' } }, env: { targets: 'chrome >= 100, firefox >= 100, safari >= 15' } }, type: 'javascript/auto' }],
    },
    performance: { hints: false },
  },
];
