module.exports = require('../jest.preset.cjs')(__dirname, { environment: 'jsdom', setup: ['<rootDir>/jest.setup.ts'] });
