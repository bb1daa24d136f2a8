/**
 * @jest-environment node
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as router from '../router';

/**
 * The browser builds share curated modules in place of whole packages (tree-shaking stops at a
 * shared module): `react-router-dom` is shared-modules/router.ts. Every name the sources import
 * from it must be there, or a page would get `undefined`. (zod is checked by Jest itself: the
 * browser packages' tests run against shared-modules/zod.ts.) A module's first-screen render
 * (`*.server.tsx`, built for Node: tools/rspack-config.mjs createFirstScreenConfig) shares nothing.
 */
const root = path.resolve(__dirname, '../../../..');
const packages = ['host', 'mfe-plan', 'mfe-number', 'mfe-identity', 'mfe-payment', 'mfe-delivery', 'shared'];
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const full = path.join(dir, n);
    if (statSync(full).isDirectory()) return n === '__tests__' ? [] : sources(full);
    return /\.tsx?$/.test(n) && !/\.server\.tsx?$/.test(n) ? [full] : [];
  });

function namesImportedFrom(pkg: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const p of packages) {
    for (const file of sources(path.join(root, p, 'src'))) {
      if (file.includes(`${path.sep}shared-modules${path.sep}`)) continue;
      const text = readFileSync(file, 'utf8');
      for (const [, names] of text.matchAll(new RegExp(`import \\{([^}]*)\\} from '${pkg}'`, 'g'))) {
        for (const raw of names!.split(',')) {
          const name = raw.trim();
          if (!name || name.startsWith('type ')) continue;
          const key = name.split(/\s+as\s+/)[0]!;
          found.set(key, [...(found.get(key) ?? []), path.relative(root, file)]);
        }
      }
    }
  }
  return found;
}

describe('shared modules', () => {
  it('the router shares every name the sources import from react-router-dom', () => {
    const used = namesImportedFrom('react-router-dom');
    expect(used.size).toBeGreaterThan(3);
    const missing = [...used].filter(([name]) => !(name in router)).map(([name, files]) => `${name} (${files.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('no source imports react-router itself (it would bypass the shared router)', () => {
    expect(namesImportedFrom('react-router').size).toBe(0);
  });
});
