// One lint config for the workspace. The import rules keep the one-way flow of
// ARCHITECTURE.md: shared <- mfe-* <- host; no step module reaches into another or the host.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

import { MODULES } from './tools/module-registry.mjs';

// The step modules' folders come from the module registry (shared/src/modules/registry.json).
const stepModules = MODULES.map((m) => m.folder);

/** Files of `pkg` may not import any other step module, the host, or another package's internals. */
function boundaries(pkg) {
  const others = stepModules.filter((m) => m !== pkg);
  return {
    files: [`${pkg}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
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
        },
      ],
    },
  };
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
    // The kernel: depends on no other package and on no domain (a domain changes without a kernel release).
    files: ['shared/**/*.{ts,tsx}'],
    ignores: ['shared/src/domains/**', 'shared/src/forms/**', 'shared/src/display/**', 'shared/src/testing/**', 'shared/src/contract.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@join/*'], message: '@join/shared depends on no other package.' },
            { group: ['**/domains/**', '**/domains'], message: 'The kernel imports no domain contract: domains depend on the kernel, not the other way.' },
          ],
        },
      ],
    },
  },
  {
    // A domain contract (and the forms entry) reaches the kernel by the package's name only: in a
    // remote's build that is the page's singleton, where a relative path would bundle a second
    // kernel. It imports no other domain.
    files: ['shared/src/domains/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@join/*', '!@join/shared'], message: 'A domain contract depends only on the kernel (@join/shared).' },
            { group: ['../../*', '../../../*'], message: 'Import the kernel as @join/shared (one instance in the page), not by a relative path.' },
            { group: ['@join/shared/*', '!@join/shared/testing'], message: 'A domain contract imports no other domain.' },
          ],
        },
      ],
    },
  },
  {
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@join/host', '@join/mfe-*', '@join/e2e'], message: 'The API imports only @join/shared.' }] },
      ],
    },
  },
  {
    // The forms entry (react-hook-form fields) ships with the remotes like a domain: the kernel by name only.
    files: ['shared/src/forms/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@join/*', '!@join/shared'], message: 'The forms entry depends only on the kernel (@join/shared).' },
            { group: ['../*'], message: 'Import the kernel as @join/shared (one instance in the page), not by a relative path.' },
          ],
        },
      ],
    },
  },
  {
    // The tests' shared helpers (@join/shared/testing) act on the kernel the code under test uses: by name only.
    files: ['shared/src/testing/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@join/*', '!@join/shared'], message: 'The testing entry depends only on the kernel (@join/shared).' },
            { group: ['../*'], message: 'Import the kernel as @join/shared (the instance the code under test uses), not by a relative path.' },
          ],
        },
      ],
    },
  },
  ...stepModules.map(boundaries),
  {
    files: ['host/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: stepModules.flatMap((m) => [`@join/${m}`, `@join/${m}/*`, `**/${m}/**`]),
              message: 'The host loads step modules at run time through Module Federation, never by import.',
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
