// The one Rspack + Module Federation recipe every browser package builds with, so the
// host and each remote agree on shared singletons, CSS handling and output shape.
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { moduleInFolder } from './module-registry.mjs';
import { PreloadStartChunks } from './preload-start-chunks.mjs';

/** The browsers the product supports: scripts and styles are compiled for these. */
const BROWSERS = 'chrome >= 100, firefox >= 100, safari >= 15';

const require = createRequire(import.meta.url);

/** requiredVersion from a package's own package.json range (never `workspace:*`). */
function rangeOf(pkgDir, dep) {
  const pkg = require(path.join(pkgDir, 'package.json'));
  const r = pkg.dependencies?.[dep] ?? pkg.devDependencies?.[dep];
  if (!r || r.startsWith('workspace:')) {
    const version = require(path.join(pkgDir, '..', dep === '@join/shared' ? 'shared' : dep, 'package.json')).version;
    return `^${version}`;
  }
  return r;
}

/** The kernel's modules (shared/src apart from the domain, forms and display entries the remotes bundle), in one async chunk. */
const KERNEL_CHUNK = {
  test: /[\\/]shared[\\/]src[\\/](?!domains[\\/]|forms[\\/]|display[\\/]|shared-modules[\\/]).*\.tsx?$/,
  name: 'kernel',
  chunks: 'async',
  enforce: true,
  priority: 20,
};

/** The kernel's entries, each a singleton: the core, its React layer, its UI primitives. */
export const KERNEL_ENTRIES = ['@join/shared', '@join/shared/react', '@join/shared/ui'];

/**
 * Shared singletons of ARCHITECTURE.md: one React, one router, one jotai store, one query
 * client, one @join/shared (react-hook-form: one for the steps). The trailing-slash entries share subpaths (react/jsx-runtime, react-dom/client,
 * jotai/vanilla). Never eager: every entry has an async boundary instead.
 */
export function sharedSingletons(pkgDir, isHost = false) {
  const sharedModule = (file) => path.join(pkgDir, '..', 'shared', 'src', 'shared-modules', file);
  // JOIN_KERNEL_VERSION builds a remote as if against another kernel version (the kernel
  // compatibility test in e2e uses it); a real build always takes the package's version.
  const sharedVersion = process.env.JOIN_KERNEL_VERSION || require(path.join(pkgDir, '..', 'shared', 'package.json')).version;
  const entry = (dep) => ({ singleton: true, requiredVersion: rangeOf(pkgDir, dep) });
  return {
    react: entry('react'),
    'react/': entry('react'),
    'react-dom': entry('react-dom'),
    'react-dom/': entry('react-dom'),
    // The router the page shares is the subset the shell and steps use (shared/src/shared-modules/router.ts):
    // react-router whole cannot be tree-shaken once shared. Nothing imports `react-router` itself.
    'react-router-dom': {
      singleton: true,
      requiredVersion: rangeOf(pkgDir, 'react-router-dom'),
      version: require(path.join(pkgDir, 'node_modules', 'react-router-dom', 'package.json')).version,
      import: sharedModule('router.ts'),
    },
    jotai: entry('jotai'),
    'jotai/': entry('jotai'),
    // One query cache for the page: the host's QueryClientProvider must be the same React
    // context the steps' useQuery reads.
    '@tanstack/react-query': entry('@tanstack/react-query'),
    // One form library for the steps, loaded with the first page that has a form. The host
    // renders no form, so it neither bundles nor provides it (its first download stays small).
    ...(isHost ? {} : { 'react-hook-form': entry('react-hook-form') }),
    // The domain contracts (@join/shared/plans, /numbers) are bundled by each remote, and their
    // schemas need zod: one zod for the page keeps each remote's first download small (and the
    // kernel's jitless setting applies to it).
    zod: {
      singleton: true,
      requiredVersion: '^4.0.0',
      version: require(path.join(pkgDir, '..', 'shared', 'node_modules', 'zod', 'package.json')).version,
      import: sharedModule('zod.ts'),
    },
    // The kernel: one instance in the page, with a real semver version. A remote built against
    // kernel x.y requires ^x.y; the host refuses a remote whose range its kernel does not satisfy
    // (host/src/federation/kernel-compat.ts) before the runtime ever mixes them.
    // Its three entries (the framework-free core, the React layer, the UI primitives: jotai's
    // vanilla / react split) are three singletons of the one kernel version. Named one by one, not
    // as an '@join/shared/' prefix: the domain entries (@join/shared/plans…) are bundled by each
    // remote, not shared. The React layer and the primitives reach the core by its package name,
    // so whichever container provides an entry, the page holds one core (one store, one bus).
    ...Object.fromEntries(
      KERNEL_ENTRIES.map((name) => [name, { singleton: true, requiredVersion: `^${sharedVersion}`, version: sharedVersion }]),
    ),
  };
}

/** TypeScript and JSX of our sources, compiled for `targets`. */
function sourceRule(targets) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        // Always the production JSX runtime: a remote in dev mode is loaded by hosts running
        // production React, and react/jsx-dev-runtime does not work against it.
        transform: { react: { runtime: 'automatic', development: false, refresh: false } },
      },
      env: { targets },
    },
    type: 'javascript/auto',
  };
}

/**
 * @param {{ dir: string, kind: 'host' | 'remote', name: string, exposes?: Record<string,string>, port: number, title?: string }} o
 */
export function createConfig(o) {
  const prod = process.env.NODE_ENV !== 'development';
  const isHost = o.kind === 'host';
  return {
    mode: prod ? 'production' : 'development',
    context: o.dir,
    entry: { main: './src/index.ts' },
    // No eval-based source maps: the product's CSP forbids eval, in dev as in production.
    devtool: prod ? 'source-map' : 'cheap-module-source-map',
    target: 'web',
    output: {
      // JOIN_DIST_DIR puts a build elsewhere (a test's variant of a remote), never over dist/.
      path: process.env.JOIN_DIST_DIR ? path.resolve(process.env.JOIN_DIST_DIR) : path.join(o.dir, 'dist'),
      // The host lives at /, a remote resolves its chunks next to its own remoteEntry.
      publicPath: isHost ? '/' : 'auto',
      filename: prod ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: prod ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: prod ? '[name].[contenthash:8].css' : '[name].css',
      uniqueName: o.name,
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // react-router's exports map names no production build; its dist has one without the dev checks.
      ...(prod ? { alias: { 'react-router$': reactRouterProduction() } } : {}),
    },
    module: {
      rules: [
        sourceRule(BROWSERS),
        // Native CSS to <link> files: the CSP allows no inline <style>.
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: o.name,
        ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes: o.exposes ?? {} }),
        manifest: true,
        dts: false,
        shared: sharedSingletons(o.dir, isHost),
        // The page's shared singletons are the host's, loaded with it: a step takes what is loaded
        // instead of the runtime first loading every registered remote's entry to compare versions
        // (the default 'version-first'), so no remote's code is fetched before its step is needed.
        ...(isHost ? { runtimePlugins: [], shareStrategy: 'loaded-first' } : {}),
        // A step module loads no remotes of its own and runs only in the browser: its
        // remoteEntry can leave out the runtime's remote-loading and snapshot code. That is
        // most of the first download of a step (the budget in scripts/size-report.mjs).
        // The host registers its remotes by their remoteEntry (host/src/federation/remotes.ts), never
        // by a manifest the runtime would read: it needs no snapshot code either (main.js's first
        // evaluation was the longest task after the first paint).
        experiments: { optimization: isHost ? { disableSnapshot: true, target: 'web' } : { disableSnapshot: true, disableRemote: true, target: 'web' } },
      }),
      ...(isHost
        ? [
            new rspack.HtmlRspackPlugin({
              template: path.join(o.dir, 'src', 'index.html'),
              title: o.title ?? 'Tourist SIM',
              favicon: path.join(o.dir, 'src', 'favicon.svg'),
              inject: 'body',
              scriptLoading: 'defer',
            }),
            // Production only: the dev server serves its page from memory.
            ...(prod ? [new PreloadStartChunks()] : []),
          ]
        : []),
    ],
    optimization: {
      minimize: prod,
      // The host provides the kernel's three entries (core, React layer, UI primitives) and a
      // visitor's first screen needs all three: one file for them, not one per entry (each file
      // costs its request and headers on the first download).
      ...(isHost ? { splitChunks: { cacheGroups: { kernel: KERNEL_CHUNK } } } : {}),
      // The same browsers as the scripts (BROWSERS). Without targets the CSS minifier assumes old
      // browsers and rewrites every logical property (margin-inline-start, inset-inline-end…) into
      // left/right rules behind long :lang(ar, he, fa, …) selectors: twice the CSS, for browsers
      // the scripts do not run in anyway.
      minimizer: [
        new rspack.SwcJsMinimizerRspackPlugin(),
        new rspack.LightningCssMinimizerRspackPlugin({ minimizerOptions: { targets: BROWSERS } }),
      ],
    },
    performance: { hints: false },
    devServer: {
      port: o.port,
      hot: false,
      liveReload: true,
      historyApiFallback: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // A remote's dev server exists to be loaded by a host on another origin (README:
      // working on one step alone); without this it answers that host's scripts with 403.
      ...(isHost ? {} : { allowedHosts: 'all', client: { webSocketURL: `ws://localhost:${o.port}/ws` } }),
      ...(isHost
        ? {
            proxy: [
              // In dev the API server (port 8080) still serves /api and /remotes.json.
              { context: ['/api', '/remotes.json'], target: 'http://localhost:8080' },
            ],
          }
        : {}),
    },
  };
}

/** react-router's production build (the package's exports map only offers its development build). */
function reactRouterProduction() {
  const pkg = require.resolve('react-router/package.json', { paths: [path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'shared')] });
  return path.join(path.dirname(pkg), 'dist', 'production', 'index.mjs');
}

/** The file of a step module that it exposes as ./Step (the single-bundle build imports the same one). */
export const STEP_EXPOSE_FILE = './src/step.tsx';

/**
 * A step module's build: its container name and dev port come from the module registry, and it
 * exposes its step as ./Step (the contract the host loads: src/step.tsx's default export).
 * @param {{ dir: string }} o
 */
export function createRemoteConfig(o) {
  const m = moduleInFolder(o.dir);
  return createConfig({ dir: o.dir, kind: 'remote', name: m.container, port: m.devPort, exposes: { './Step': STEP_EXPOSE_FILE } });
}

/**
 * A module's part of the server's first screen (issue 27; the kernel's FirstScreenRender): its
 * src/first-screen.server.tsx, the same components as the browser build, bundled for Node into
 * dist-server/first-screen.cjs, which the API loads (api/src/platform/static/first-screen.ts).
 * Not served to browsers (dist-server is no static folder). Everything is bundled (React and the
 * kernel included: each module renders with its own copy, as each is its own program), styles are
 * left out (the page links them), and the browser condition picks the kernel the page runs, not
 * its Node entry.
 * @param {{ dir: string }} o
 */
export function createFirstScreenConfig(o) {
  return {
    mode: 'production',
    context: o.dir,
    target: 'node20',
    entry: { 'first-screen': './src/first-screen.server.tsx' },
    devtool: false,
    output: { path: path.join(o.dir, 'dist-server'), filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['browser', 'import', 'module', 'require', 'default'],
      alias: { 'react-router$': reactRouterProduction() },
    },
    module: {
      rules: [
        sourceRule('node 20'),
        { test: /\.css$/, type: 'asset/source' },
      ],
    },
    // One file: the lazily loaded parts of a step are not on its first screen anyway.
    plugins: [new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    optimization: { minimize: false },
    performance: { hints: false },
  };
}
