const path = require('node:path');
module.exports = {
  ...require('../jest.preset.cjs')(__dirname, { environment: 'node' }),
  // A directory for the run's PostgreSQL cluster, which the first suite that needs it starts
  // (src/testing/postgres-test-cluster.ts), and its stop at the end.
  globalSetup: path.join(__dirname, 'src/testing/jest-global-setup.ts'),
  globalTeardown: path.join(__dirname, 'src/testing/jest-global-teardown.ts'),
};
