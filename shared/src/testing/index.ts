/**
 * @join/shared/testing: what the packages' tests share (never imported by code that ships). It
 * reaches the kernel by the package's name, like a domain contract, so a test's helpers act on
 * the same kernel instance as the code under test.
 */
export * from './flow-writes';
export * from './render';
export * from './config';
export * from './each-test';
export * from './dialog-polyfill';
