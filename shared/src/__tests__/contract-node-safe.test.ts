/**
 * @jest-environment node
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * `@join/shared/contract` is what the API imports, the flow rules included (the server enforces
 * the access rules with the host's own functions). Its whole import graph must stay free of
 * browser code: no React, jotai store, API client or i18n instance.
 */
const SRC = resolve(__dirname, '..');
const BROWSER_PACKAGES = ['react', 'react-dom', 'jotai', 'ofetch', 'rosetta'];

function resolveRelative(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find((f) => existsSync(f) && (f !== base || f.endsWith('.json')));
  if (!found) throw new Error(`cannot resolve ${spec} from ${from}`);
  return found;
}

/** An entry's import graph; `kernel` is the file `@join/shared` names (the Node entry, or the page's in a browser build). */
function importGraph(entry: string, kernel = 'kernel-node.ts'): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    // Type-only imports vanish at run time, so they may name anything.
    if (file.endsWith('.json')) return;
    const source = readFileSync(file, 'utf8').replace(/import type[^;]+;/g, '').replace(/export type[^;]+;/g, '');
    for (const [, spec] of source.matchAll(/(?:import|export)[^'"]*?from\s+'([^']+)'/g)) {
      if (!spec) continue;
      if (spec.startsWith('.')) visit(resolveRelative(file, spec));
      // The domain schemas import the kernel by name: in Node that is its `node` export, kernel-node.ts.
      else if (spec === '@join/shared') visit(join(SRC, kernel));
      else packages.add(spec.split('/')[0] ?? spec);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the Node-safe contract', () => {
  const { files, packages } = importGraph(join(SRC, 'contract.ts'));

  it('includes the flow rules, steps and context', () => {
    for (const f of ['flow/rules.ts', 'flow/steps.ts', 'flow/context.ts']) expect(files).toContain(join(SRC, f));
  });

  it('pulls in no browser package and none of the browser singletons', () => {
    expect([...packages].filter((p) => BROWSER_PACKAGES.includes(p))).toEqual([]);
    const browserFiles = ['store.ts', 'bus.ts', 'api/client.ts', 'i18n/i18n.ts', 'actions.ts'].map((f) => join(SRC, f));
    expect([...files].filter((f) => browserFiles.includes(f))).toEqual([]);
  });
});

describe('the measurement contract the API parses (@join/shared/measurement-contract)', () => {
  it('pulls in no browser package, no browser singleton and not the page’s calls', () => {
    const { files, packages } = importGraph(join(SRC, 'domains/measurement/contract.ts'));
    expect([...packages].filter((p) => BROWSER_PACKAGES.includes(p))).toEqual([]);
    const browserFiles = ['store.ts', 'bus.ts', 'api/client.ts', 'i18n/i18n.ts', 'actions.ts', 'domains/measurement/endpoints.ts'].map((f) => join(SRC, f));
    expect([...files].filter((f) => browserFiles.includes(f))).toEqual([]);
  });
});

describe('the Arabic texts', () => {
  const isArabic = (f: string) => /(^|[./-])ar\.ts$/.test(f);

  it('are reached from their Node entry, which pulls in no browser code', () => {
    const { files, packages } = importGraph(join(SRC, 'texts-ar.ts'));
    expect([...files].filter(isArabic).length).toBeGreaterThanOrEqual(10);
    expect([...packages].filter((p) => BROWSER_PACKAGES.includes(p))).toEqual([]);
  });

  it('are never reached from a browser entry: the kernel, a domain, the forms or the display entry', () => {
    const exports = (JSON.parse(readFileSync(resolve(SRC, '..', 'package.json'), 'utf8')) as { exports: Record<string, string | Record<string, string>> }).exports;
    const browserEntries = Object.entries(exports)
      .filter(([name, target]) => !['./contract', './texts-ar'].includes(name) && typeof target === 'string' && /\.tsx?$/.test(target))
      .map(([, target]) => target as string);
    expect(browserEntries).toEqual(expect.arrayContaining(['./src/domains/plans/index.ts', './src/domains/delivery/index.ts']));
    for (const entry of ['./src/index.ts', ...browserEntries]) {
      expect({ entry, arabic: [...importGraph(resolve(SRC, '..', entry), 'index.ts').files].filter(isArabic) }).toEqual({ entry, arabic: [] });
    }
  });
});
