const preset = require('../jest.preset.cjs')(__dirname, {
  environment: 'jsdom',
  setup: ['<rootDir>/jest.setup.ts'],
});
// The domain entries reach the kernel by the package's own name (as they do in a remote's
// build, where it resolves to the page's singleton); inside this package that is src/index.ts.
preset.moduleNameMapper = { ...preset.moduleNameMapper, '^@join/shared$': '<rootDir>/src/index.ts', '^@join/shared/testing$': '<rootDir>/src/testing/index.ts' };
module.exports = preset;
