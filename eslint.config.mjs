// One lint config for the workspace. The import rules keep the one-way flow of
// ARCHITECTURE.md: shared <- mfe-* <- host; no step module reaches into another or the host.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

import { MODULES } from './tools/module-registry.mjs';

// The step modules' folders come from the module registry (shared/src/modules/registry.json).
const stepModules = MODULES.map((m) => m.folder);

// The API's domain modules: one folder each under api/src/modules, reached by another only through its index.ts.
const here = dirname(fileURLToPath(import.meta.url));
const apiModules = readdirSync(`${here}/api/src/modules`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const apiCompositionRoot = ['app.ts', 'app-context.ts', 'api-routes.ts', 'main.ts', 'bench.ts'].map((f) => `api/src/${f}`);

/**
 * The API's zones (ARCHITECTURE.md "Domain modules on a small platform"): the platform imports no
 * module and not the composition root; a module imports another only through its public entry;
 * no import cycles. Tests and the test helpers (api/src/testing) may reach into any module.
 */
/** What no file of the API imports: the other programs. */
const API_PACKAGES = [
  { group: ['@join/host', '@join/mfe-*', '@join/e2e', '@join/sandboxes', '@join/sandboxes/*'], message: 'The API imports only @join/shared.' },
  { group: ['**/sandboxes/**', '**/sandboxes'], message: 'The API reaches the sandboxes only by URL and key, as a real provider: it imports nothing of them.' },
];

const apiZones = {
  files: ['api/src/**/*.ts'],
  ignores: ['api/src/**/__tests__/**', 'api/src/testing/**'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.js'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
  },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: here,
        zones: [
          {
            target: 'api/src/platform',
            from: ['api/src/modules', ...apiCompositionRoot],
            message: 'The platform imports no module and not the composition root: declare what it needs and let app.ts or api-routes.ts give it.',
          },
          ...apiModules.map((m) => ({
            target: `api/src/modules/${m}`,
            from: 'api/src/modules',
            except: [`./${m}`, ...apiModules.filter((o) => o !== m).map((o) => `./${o}/index.ts`)],
            message: `A module imports another only through its public entry (modules/<name>/index.ts), never a file inside it.`,
          })),
        ],
      },
    ],
    'import-x/no-cycle': 'error',
  },
};

/** The kernel's files outside its core: the React layer, the UI primitives, and the entries bundled by remotes or read by Node. */
const KERNEL_OUTSIDE_CORE = [
  'shared/src/domains/**',
  'shared/src/forms/**',
  'shared/src/display/**',
  'shared/src/contract.ts',
  'shared/src/react.ts',
  'shared/src/react/**',
  'shared/src/query/**',
  'shared/src/ui.ts',
  'shared/src/ui/**',
];
const NO_OTHER_PACKAGE = { group: ['@join/*'], message: '@join/shared depends on no other package.' };
const NO_DOMAIN = { group: ['**/domains/**', '**/domains'], message: 'The kernel imports no domain contract: domains depend on the kernel, not the other way.' };
const REACT_IN_CORE_MESSAGE =
  'The kernel core is framework-free: React code, its React layer and its UI primitives belong on top of it (@join/shared/react, @join/shared/ui).';
const NO_REACT_IN_CORE_PATHS = ['react', 'react-dom', 'jotai/react', '@tanstack/react-query', 'react-hook-form', 'lucide', 'uqr'].map((name) => ({
  name,
  message: REACT_IN_CORE_MESSAGE,
}));
const NO_REACT_IN_CORE = {
  group: ['react/*', 'react-dom/*', 'jotai/react/*', '@hookform/*', './react', './react/**', '../react', '../react/**', './query/**', '../query/**', './ui', './ui/**', '../ui', '../ui/**'],
  message: REACT_IN_CORE_MESSAGE,
};

/**
 * A zone of the import rules: files matching `files` (apart from `ignores`) may import nothing that
 * `patterns` name (the shape every zone below shares; each says its own files and messages).
 */
function restrictImports({ files, ignores, patterns }) {
  return { files, ...(ignores ? { ignores } : {}), rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

/** Files of `pkg` may not import any other step module, the host, or another package's internals. */
function boundaries(pkg) {
  const others = stepModules.filter((m) => m !== pkg);
  return restrictImports({
    files: [`${pkg}/**/*.{ts,tsx}`],
    patterns: [
      {
        group: [...others.map((m) => `@join/${m}`), ...others.map((m) => `@join/${m}/*`), '@join/host', '@join/host/*'],
        message: 'A step module talks to other modules only through @join/shared.',
      },
      {
        group: [...others.map((m) => `**/${m}/**`), '**/host/**', '**/shared/src/**', '@join/shared/src/*'],
        message: 'Import @join/shared by its package name only (one bus, one store in the page).',
      },
    ],
  });
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.tsbuild/**', '**/coverage/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['{shared,host,mfe-*}/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y },
    rules: jsxA11y.configs.recommended.rules,
  },
  {
    // The kernel's core (`@join/shared`): depends on no other package and on no domain (a domain
    // changes without a kernel release), and is framework-free: no React, no JSX, nothing of the
    // kernel's React layer or UI primitives (jotai's vanilla / react split).
    files: ['shared/**/*.{ts,tsx}'],
    // The Node entries gather the domains (contract.ts their schemas, texts-ar.ts their Arabic), and the
    // kernel's Arabic is typed with the domains' Arabic shape: none of them is in the page's kernel.
    ignores: [...KERNEL_OUTSIDE_CORE, 'shared/src/testing/**', 'shared/src/texts-ar.ts', 'shared/src/i18n/ar.ts', '**/__tests__/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: NO_REACT_IN_CORE_PATHS, patterns: [NO_OTHER_PACKAGE, NO_DOMAIN, NO_REACT_IN_CORE] }],
      'no-restricted-syntax': ['error', { selector: 'JSXElement, JSXFragment', message: 'The kernel core renders nothing: components belong to @join/shared/ui.' }],
    },
  },
  // The kernel's React layer (`@join/shared/react`): the core by its package name only (one
  // instance in the page, whichever container provides this entry), no UI primitives, no domain.
  restrictImports({
    files: ['shared/src/react.ts', 'shared/src/{react,query}/**/*.{ts,tsx}'],
    ignores: ['**/__tests__/**'],
    patterns: [
      { group: ['@join/*', '!@join/shared'], message: 'The React layer reaches only the kernel core (@join/shared).' },
      { group: ['@join/shared/*'], message: 'The React layer imports neither the UI primitives nor a domain.' },
      NO_DOMAIN,
      { group: ['../*'], message: 'Import the kernel core as @join/shared (one instance in the page), not by a relative path.' },
    ],
  }),
  // The UI primitives (`@join/shared/ui`): the core and the React layer by their package names only.
  restrictImports({
    files: ['shared/src/ui.ts', 'shared/src/ui/**/*.{ts,tsx}'],
    ignores: ['**/__tests__/**'],
    patterns: [
      { group: ['@join/*', '!@join/shared'], message: 'The UI primitives reach only the kernel core and its React layer.' },
      { group: ['@join/shared/*', '!@join/shared/react'], message: 'The UI primitives reach only the kernel core and its React layer, no domain.' },
      NO_DOMAIN,
      { group: ['../*'], message: 'Import the kernel as @join/shared or @join/shared/react (one instance in the page), not by a relative path.' },
    ],
  }),
  // The kernel's tests may use a domain entry by its name (a form test with the payment domain's
  // expiry field); the kernel's code may not.
  restrictImports({
    files: ['shared/src/**/__tests__/**/*.{ts,tsx}'],
    ignores: ['shared/src/domains/**'],
    patterns: [{ group: ['@join/*', '!@join/shared', '!@join/shared/*'], message: '@join/shared depends on no other package.' }],
  }),
  // A domain contract (and the forms entry) reaches the kernel by the package's name only: in a
  // remote's build that is the page's singleton, where a relative path would bundle a second
  // kernel. It imports no other domain.
  restrictImports({
    files: ['shared/src/domains/**/*.{ts,tsx}'],
    patterns: [
      { group: ['@join/*', '!@join/shared'], message: 'A domain contract depends only on the kernel (@join/shared).' },
      { group: ['../../*', '../../../*'], message: 'Import the kernel as @join/shared (one instance in the page), not by a relative path.' },
      { group: ['@join/shared/*', '!@join/shared/testing'], message: 'A domain contract imports no other domain.' },
    ],
  }),
  restrictImports({ files: ['api/**/*.ts'], patterns: API_PACKAGES }),
  // A module's rules (services, errors, repositories, pure rule files) know nothing of HTTP: a
  // refusal is a DomainError whose status the module's errors.ts table names. Only the routes,
  // the deps they are configured with, and the helpers that read a request may.
  restrictImports({
    files: ['api/src/modules/**/*.ts'],
    ignores: [
      'api/src/modules/**/__tests__/**',
      'api/src/modules/*/*-routes.ts',
      'api/src/modules/*/deps.ts',
      'api/src/modules/identity/image-upload.ts',
      'api/src/modules/catalogue/catalogue-view.ts',
    ],
    patterns: [
      ...API_PACKAGES,
      { group: ['**/platform/http/**', '**/platform/http'], message: 'A module\'s rules know nothing of HTTP: throw a DomainError (platform/refusals.ts or the module\'s errors.ts).' },
      { group: ['fastify', '@fastify/*'], message: 'A module\'s rules know nothing of HTTP: only its *-routes.ts files use Fastify.' },
    ],
  }),
  // The forms entry (react-hook-form fields) ships with the remotes like a domain: the kernel by name only.
  restrictImports({
    files: ['shared/src/forms/*.{ts,tsx}'],
    patterns: [
      { group: ['@join/*', '!@join/shared'], message: 'The forms entry depends only on the kernel (@join/shared).' },
      { group: ['../*'], message: 'Import the kernel as @join/shared (one instance in the page), not by a relative path.' },
    ],
  }),
  apiZones,
  // The tests' shared helpers (@join/shared/testing) act on the kernel the code under test uses: by name only.
  restrictImports({
    files: ['shared/src/testing/*.ts'],
    patterns: [
      { group: ['@join/*', '!@join/shared'], message: 'The testing entry depends only on the kernel (@join/shared).' },
      { group: ['../*'], message: 'Import the kernel as @join/shared (the instance the code under test uses), not by a relative path.' },
    ],
  }),
  ...stepModules.map(boundaries),
  restrictImports({
    files: ['host/**/*.{ts,tsx}'],
    patterns: [
      {
        group: stepModules.flatMap((m) => [`@join/${m}`, `@join/${m}/*`, `**/${m}/**`]),
        message: 'The host loads step modules at run time through Module Federation, never by import.',
      },
    ],
  }),
  // The third parties' stand-ins are another company's program: they know nothing of the
  // operator's code (a sandbox copies what it needs, e.g. its own error codes).
  restrictImports({
    files: ['sandboxes/**/*.{ts,js,mjs}'],
    patterns: [
      { group: ['@join/*', '!@join/fixtures', '!@join/fixtures/*'], message: 'A sandbox imports nothing of the operator\'s packages (not even the kernel): copy what it needs (the providers\' published test data is @join/fixtures).' },
      { group: ['**/api/**', '**/api', '**/shared/**', '**/shared'], message: 'A sandbox imports nothing of the operator\'s code: copy what it needs.' },
    ],
  }),
  // The providers' published test data (test cards, camera frames): both programs' tests use it,
  // so it depends on neither (nor on the kernel).
  restrictImports({
    files: ['fixtures/**/*.ts'],
    patterns: [{ group: ['@join/*', '**/api/**', '**/sandboxes/**', '**/shared/**'], message: '@join/fixtures is data both programs share: it imports no package of theirs.' }],
  }),
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
