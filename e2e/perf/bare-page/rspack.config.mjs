// The bare React page's build (perf/first-screen.mjs builds it with the host's rspack, so the same
// compiler, minifier and React as the product): one entry, React bundled, production mode.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';

const here = path.dirname(fileURLToPath(import.meta.url));
const hostModules = path.join(here, '..', '..', '..', 'host', 'node_modules');

export default {
  mode: 'production',
  context: here,
  entry: { main: './bare.tsx' },
  output: { path: process.env.BARE_PAGE_OUT, filename: '[name].[contenthash:8].js', cssFilename: '[name].[contenthash:8].css', clean: true },
  resolve: { extensions: ['.ts', '.tsx', '.js'], modules: [hostModules, 'node_modules'] },
  resolveLoader: { modules: [hostModules, 'node_modules'] },
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        loader: 'builtin:swc-loader',
        options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } }, env: { targets: 'chrome >= 100, firefox >= 100, safari >= 15' } },
        type: 'javascript/auto',
      },
      { test: /\.css$/, type: 'css/auto' },
    ],
  },
  plugins: [new rspack.HtmlRspackPlugin({ template: path.join(here, 'index.html'), inject: 'body', scriptLoading: 'defer' })],
  devtool: false,
  performance: { hints: false },
};
