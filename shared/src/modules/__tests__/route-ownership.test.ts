/**
 * @jest-environment node
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { MODULES } from '../registry';
import { ROUTES, stepForPath, type RouteKey } from '../../flow/steps';

/**
 * The host owns navigation: a step module names only the routes of the steps it owns (to show
 * its own pages); where the flow goes next is an outcome on the bus that the host routes.
 */
const root = path.resolve(__dirname, '../../../..');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const full = path.join(dir, n);
    if (statSync(full).isDirectory()) return n === '__tests__' ? [] : sources(full);
    return /\.tsx?$/.test(n) ? [full] : [];
  });

describe('route ownership', () => {
  it.each(MODULES.map((m) => [m.name, m] as const))('the %s module names no route of another step', (_name, m) => {
    const foreign: string[] = [];
    for (const file of sources(path.join(root, m.folder, 'src'))) {
      for (const [, key] of readFileSync(file, 'utf8').matchAll(/\bROUTES\.(\w+)/g)) {
        const route = ROUTES[key as RouteKey];
        const owner = stepForPath(route)?.remote ?? null;
        if (owner !== m.name) foreign.push(`${path.relative(root, file)}: ROUTES.${key} (${route}) belongs to ${owner ?? 'no module'}`);
      }
    }
    expect(foreign).toEqual([]);
  });
});
