// One Jest preset for every package: SWC transform, TS and TSX, ESM-only deps transformed.
const path = require('node:path');
module.exports = function preset(dir, { environment = 'node', setup = [] } = {}) {
  return {
    rootDir: dir,
    testEnvironment: environment,
    // Every core: Jest's default leaves one free (cores - 1), which on a 2-core machine means one
    // worker, in band, and the other core idle for the whole unit phase (the API's suites took 86 s
    // that way, 47 s on two). Jest still runs a small package in band by itself.
    maxWorkers: '100%',
    // A test's limit is a failure detector, not a speed test: the default 5 s was reached by the
    // API's login walks (several password hashes) while Playwright ran beside them on two cores.
    testTimeout: 20_000,
    testMatch: ['<rootDir>/src/**/__tests__/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.(t|j|mj)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(ofetch|destr|ufo|node-fetch-native|rosetta|dlv|templite|jose))'],
    moduleNameMapper: {
      '\\.css$': path.join(__dirname, 'jest.style-stub.cjs'),
      // Browser code gets the page's zod, the builders the browser builds share (shared/src/shared-modules/zod.ts):
      // a schema using a builder that is not shared fails here, not in a visitor's page.
      ...(environment === 'jsdom' ? { '^zod$': path.join(__dirname, 'shared', 'src', 'shared-modules', 'zod.ts') } : {}),
    },
    setupFiles: [path.join(__dirname, 'jest.setup-globals.cjs')],
    setupFilesAfterEnv: setup,
  };
};
