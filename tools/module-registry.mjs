// The module registry (shared/src/modules/registry.json) for the build tools and the lint config,
// which run as plain Node and cannot import the TypeScript parser of it (shared/src/modules/registry.ts,
// which every build and test also runs, so a malformed entry fails there with a clear message).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @type {ReadonlyArray<{ name: string, container: string, folder: string, steps: string[], devPort: number, budgetKiB: number }>} */
export const MODULES = JSON.parse(readFileSync(path.join(ROOT, 'shared', 'src', 'modules', 'registry.json'), 'utf8')).modules;

/** The registry entry of the module in `dir` (a workspace folder), or an error naming the fix. */
export function moduleInFolder(dir) {
  const folder = path.basename(dir);
  const found = MODULES.find((m) => m.folder === folder);
  if (!found) throw new Error(`${folder} is not in the module registry (shared/src/modules/registry.json): add its entry`);
  return found;
}
