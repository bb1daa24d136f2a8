import { ROUTES } from '@join/shared';
import type { DocumentKind } from '@join/shared/identity';

/**
 * The identity check's two paths (rules.ts "The two identity paths"; the table in README.md):
 * a resident verifies on /activation_method with the Emirates ID, a non-resident on /id_check
 * with the passport. Each path's screens as typed data: the pages never write a route literal.
 * The id check's own sub-paths (/id_check/upload, /id_check/face) are open sub-paths of its
 * step (shared/src/flow/steps.ts), so the host routes them here and guards them as /id_check.
 */
export type CheckPath = 'resident' | 'non_resident';

/** A screen of the check: where the visitor stands in it. */
export type CheckScreen = 'method' | 'document' | 'upload' | 'face';

export interface PathRoutes {
  readonly kind: DocumentKind;
  readonly document: string;
  readonly upload: string;
  readonly face: string;
}

export const ID_CHECK_UPLOAD = `${ROUTES.idCheck}/upload`;
export const ID_CHECK_FACE = `${ROUTES.idCheck}/face`;

export const PATH_ROUTES: Readonly<Record<CheckPath, PathRoutes>> = {
  resident: { kind: 'emirates_id', document: ROUTES.scanDocument, upload: ROUTES.uploadDocument, face: ROUTES.scanFace },
  non_resident: { kind: 'passport', document: ROUTES.idCheck, upload: ID_CHECK_UPLOAD, face: ID_CHECK_FACE },
};

export interface CheckRoute {
  readonly screen: CheckScreen;
  /** null on /activation_method itself, where the visitor answers which path is theirs. */
  readonly path: CheckPath | null;
}

const TABLE: ReadonlyMap<string, CheckRoute> = new Map<string, CheckRoute>([
  [ROUTES.activationMethod, { screen: 'method', path: null }],
  ...(Object.entries(PATH_ROUTES) as [CheckPath, PathRoutes][]).flatMap(([path, r]) =>
    (['document', 'upload', 'face'] as const).map((screen) => [r[screen], { screen, path }] as const),
  ),
]);

/**
 * The check's screen for a route; null for a route that is not one. Any other /id_check/...
 * sub-path (the host lets open sub-paths through) is the id check's start, the passport scan.
 */
export function checkRouteFor(route: string): CheckRoute | null {
  const found = TABLE.get(route);
  if (found) return found;
  return route.startsWith(`${ROUTES.idCheck}/`) ? { screen: 'document', path: 'non_resident' } : null;
}
