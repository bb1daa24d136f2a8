/**
 * A fresh `make()` for every test of the file (after `before`, when given), its `off` called and
 * the mocks restored after each. The returned object reads the current test's value, so a file
 * declares it once at its top: `const w = eachTest(watch)`.
 */
export function eachTest<T extends { off: () => void }>(make: () => T, before?: () => void): T {
  let current: T | null = null;
  beforeEach(() => {
    before?.();
    current = make();
  });
  afterEach(() => {
    current?.off();
    current = null;
    jest.restoreAllMocks();
  });
  return new Proxy({} as T, {
    get: (_target, key) => {
      if (!current) throw new Error('eachTest: read inside a test');
      return current[key as keyof T];
    },
  });
}
