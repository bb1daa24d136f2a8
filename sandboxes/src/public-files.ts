import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A sandbox's page file (src/<sandbox>/public: its stylesheet, its scripts), read once to be served
 * as it is: real files that lint and the type check read, never strings. From source, beside this
 * file; built, from dist/<sandbox>/public beside dist/main.js (build.mjs copies each folder).
 */
export function publicFile(sandbox: 'card' | 'signin' | 'bnpl' | 'fulfilment', name: string): string {
  const path = fileURLToPath(new URL(`./${sandbox}/public/${name}`, import.meta.url));
  if (!existsSync(path)) throw new Error(`${sandbox} page file ${name} not found at ${path}`);
  return readFileSync(path, 'utf8');
}
