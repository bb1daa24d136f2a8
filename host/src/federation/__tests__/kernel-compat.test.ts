import { KERNEL_VERSION } from '@join/shared';
import { checkKernelOf, checkKernel, KernelMismatchError, requiredKernelRange } from '../kernel-compat';

const manifest = (requiredVersion?: string) => ({
  id: 'join_number',
  shared: [
    { name: 'react', requiredVersion: '^19.3.0', version: '19.3.1' },
    { name: '@join/shared', version: requiredVersion?.slice(1), ...(requiredVersion ? { requiredVersion } : {}) },
  ],
});

describe('kernel compatibility of a remote', () => {
  it('reads the kernel range from the manifest', () => {
    expect(requiredKernelRange(manifest('^1.2.0'))).toBe('^1.2.0');
    expect(requiredKernelRange({ shared: [] })).toBeNull();
    expect(requiredKernelRange('not a manifest')).toBeNull();
  });

  it('loads a remote built against an older minor or the same kernel', () => {
    expect(() => checkKernel('number', manifest('^1.0.0'), '1.3.2')).not.toThrow();
    expect(() => checkKernel('number', manifest('^1.3.2'), '1.3.2')).not.toThrow();
    expect(() => checkKernel('number', manifest(`^${KERNEL_VERSION}`))).not.toThrow();
  });

  it('refuses a remote built against a newer minor or another major, naming both versions', () => {
    for (const [range, host] of [
      ['^1.4.0', '1.3.2'],
      ['^2.0.0', '1.3.2'],
      ['^1.0.0', '2.0.0'],
    ] as const) {
      let error: unknown;
      try {
        checkKernel('number', manifest(range), host);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(KernelMismatchError);
      expect((error as Error).message).toContain(range);
      expect((error as Error).message).toContain(host);
    }
  });

  it('refuses a remote built for an older major (2.0 split the entries; 3.0 moved the flow status refresh to the React layer)', () => {
    expect(KERNEL_VERSION).toMatch(/^3\./);
    for (const range of ['^1.0.0', '^1.8.0', '^2.0.0']) {
      expect(() => checkKernel('number', manifest(range))).toThrow(KernelMismatchError);
      expect(() => checkKernel('number', manifest(range))).toThrow(`built for kernel ${range}; this page runs kernel ${KERNEL_VERSION}`);
    }
  });

  it('refuses a manifest that names no kernel range', () => {
    expect(() => checkKernel('number', { shared: [] }, '1.0.0')).toThrow(KernelMismatchError);
  });

  it('logs a refusal to the console', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => checkKernelOf('number', manifest('^99.0.0'))).toThrow(KernelMismatchError);
    expect(error.mock.calls[0]?.[0]).toMatch(new RegExp(`kernel \\^99\\.0\\.0.*kernel ${KERNEL_VERSION.replace(/\./g, '\\.')}`));
    error.mockRestore();
  });
});
