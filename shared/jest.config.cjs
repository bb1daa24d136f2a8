const preset = require('../jest.preset.cjs')(__dirname, {
  environment: 'jsdom',
  setup: ['<rootDir>/jest.setup.ts'],
});
// The kernel's entries and the domain entries reach each other by the package's own name (as
// they do in a remote's build, where the kernel's resolve to the page's singletons); inside this
// package each name is its entry file, read from package.json's exports.
const { exports: entries } = require('./package.json');
const byName = Object.fromEntries(
  Object.entries(entries)
    .filter(([name]) => !name.endsWith('.css'))
    .map(([name, target]) => [
      `^@join/shared${name === '.' ? '' : name.slice(1)}$`,
      `<rootDir>/${(typeof target === 'string' ? target : target.browser).replace(/^\.\//, '')}`,
    ]),
);
preset.moduleNameMapper = { ...preset.moduleNameMapper, ...byName };
module.exports = preset;
