import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as kernel from '../index';
import * as kernelReact from '../react';
import * as kernelUi from '../ui';
import { KERNEL_VERSION } from '../kernel-version';

/**
 * The kernel's version changes when the kernel changes. kernel.lock.json records the version,
 * the runtime exports of the kernel's three entries (the core `@join/shared` by name, the React
 * layer as `react:<name>`, the UI primitives as `ui:<name>`: moving an export between entries
 * breaks its importers like removing it) and a hash of its sources; this test fails when they no longer
 * match, and says which bump the change needs. After bumping shared/package.json and
 * src/kernel-version.ts, record the new kernel with `pnpm --filter @join/shared run kernel:lock`,
 * which refuses a bump too small for the change (removed exports need a major, added a minor).
 */
const root = path.resolve(__dirname, '../..');
const lockFile = path.join(root, 'kernel.lock.json');

/**
 * The Arabic texts (`*.ar.ts`) and their Node entry (`texts-ar.ts`): the API serves them, the page
 * never loads them, so they are no part of the kernel a remote is compatible with.
 */
const ARABIC_TEXTS = /(^|[.-])ar\.ts$/;

/** Every kernel source file: src/ without the domain contracts (they ship with their remotes), the Arabic texts and tests. */
function kernelFiles(dir = path.join(root, 'src')): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return name === '__tests__' || name === 'domains' ? [] : kernelFiles(full);
      return ARABIC_TEXTS.test(name) ? [] : [full];
    })
    .sort();
}

function sourceHash(): string {
  const h = createHash('sha256');
  for (const f of kernelFiles()) h.update(path.relative(root, f)).update('\0').update(readFileSync(f)).update('\0');
  return h.digest('hex');
}

type Lock = { version: string; sourceHash: string; exports: string[] };
const parse = (v: string) => v.split('.').map(Number) as [number, number, number];

/** The smallest bump the change needs, or null when the kernel is unchanged. */
function neededBump(lock: Lock, exports: string[], hash: string): 'major' | 'minor' | 'patch' | null {
  if (lock.exports.some((e) => !exports.includes(e))) return 'major';
  if (exports.some((e) => !lock.exports.includes(e))) return 'minor';
  return hash === lock.sourceHash ? null : 'patch';
}

function bumpOf(from: string, to: string): 'major' | 'minor' | 'patch' | 'none' | 'backwards' {
  const [a, b, c] = parse(from);
  const [x, y, z] = parse(to);
  if (x !== a) return x > a ? 'major' : 'backwards';
  if (y !== b) return y > b ? 'minor' : 'backwards';
  if (z !== c) return z > c ? 'patch' : 'backwards';
  return 'none';
}
const RANK = { none: 0, patch: 1, minor: 2, major: 3, backwards: -1 } as const;

describe('the kernel version', () => {
  const pkgVersion = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const exports = [
    ...Object.keys(kernel),
    ...Object.keys(kernelReact).map((name) => `react:${name}`),
    ...Object.keys(kernelUi).map((name) => `ui:${name}`),
  ].sort();
  const hash = sourceHash();

  it('is the package version', () => {
    expect(KERNEL_VERSION).toBe(pkgVersion);
    expect(pkgVersion).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('changes when the kernel changes (kernel.lock.json)', () => {
    const lock = existsSync(lockFile) ? (JSON.parse(readFileSync(lockFile, 'utf8')) as Lock) : null;
    const needed = lock ? neededBump(lock, exports, hash) : 'major';
    const made = lock ? bumpOf(lock.version, KERNEL_VERSION) : 'major';
    if (process.env.KERNEL_LOCK_UPDATE === '1') {
      if (needed && RANK[made] < RANK[needed]) {
        throw new Error(`The kernel change needs a ${needed} version (lock ${lock?.version}, now ${KERNEL_VERSION}): bump first.`);
      }
      writeFileSync(lockFile, `${JSON.stringify({ version: KERNEL_VERSION, sourceHash: hash, exports }, null, 2)}\n`);
      return;
    }
    if (!lock) throw new Error('kernel.lock.json is missing: run `pnpm --filter @join/shared run kernel:lock`');
    const added = exports.filter((e) => !lock.exports.includes(e));
    const removed = lock.exports.filter((e) => !exports.includes(e));
    const what = `added [${added.join(', ')}], removed [${removed.join(', ')}], sources ${hash === lock.sourceHash ? 'same' : 'changed'}`;
    if (KERNEL_VERSION !== lock.version) {
      throw new Error(`The kernel is ${KERNEL_VERSION} but kernel.lock.json records ${lock.version}: run \`pnpm --filter @join/shared run kernel:lock\`.`);
    }
    if (needed) {
      throw new Error(
        `The kernel changed without a new version (${what}): bump shared/package.json and src/kernel-version.ts ` +
          `(a ${needed} at least), then run \`pnpm --filter @join/shared run kernel:lock\`.`,
      );
    }
  });

  it('asks for the right bump', () => {
    const lock: Lock = { version: '1.2.3', sourceHash: 'h', exports: ['a', 'b'] };
    expect(neededBump(lock, ['a', 'b'], 'h')).toBeNull();
    expect(neededBump(lock, ['a', 'b'], 'other')).toBe('patch');
    expect(neededBump(lock, ['a', 'b', 'c'], 'other')).toBe('minor');
    expect(neededBump(lock, ['a', 'c'], 'other')).toBe('major');
    expect(bumpOf('1.2.3', '1.3.0')).toBe('minor');
    expect(bumpOf('1.2.3', '2.0.0')).toBe('major');
    expect(bumpOf('1.2.3', '1.2.2')).toBe('backwards');
  });
});
