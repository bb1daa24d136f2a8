/**
 * @jest-environment node
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { MODULES } from '../registry';
import { ownerStepForPath, ROUTES, type RouteKey } from '../../flow/steps';

/**
 * The host owns navigation: a step module names only the routes of the steps it owns (to show
 * its own pages); where the flow goes next is an outcome on the bus that the host routes.
 * The exception routes (/spotii-success, /spotii-fail, /contract-request) are the payment module's.
 */
/** Another step's route named on purpose, with the reason. */
const ALLOWED: Readonly<Record<string, string>> = {
  // /contract-request is reachable at any time; a visitor not logged in gets an ordinary link to
  // the login (an <a href>, which the host routes and guards), not a navigation request.
  'mfe-payment/src/pages/contract-page.tsx: ROUTES.login': 'SPEC: "if not logged in, explain and link to /login"',
};
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
        const owner = ownerStepForPath(route)?.remote ?? null;
        if (owner !== m.name && !ALLOWED[`${path.relative(root, file)}: ROUTES.${key}`]) foreign.push(`${path.relative(root, file)}: ROUTES.${key} (${route}) belongs to ${owner ?? 'no module'}`);
      }
    }
    expect(foreign).toEqual([]);
  });
});
