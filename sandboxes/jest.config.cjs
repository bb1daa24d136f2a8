const base = require('../jest.preset.cjs')(__dirname, { environment: 'node' });
// mrz is ESM only: let Jest transform it as well.
module.exports = {
  ...base,
  transformIgnorePatterns: base.transformIgnorePatterns.map((p) => p.replace('|jose))', '|jose|mrz))')),
};
