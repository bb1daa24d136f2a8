import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAP_DATA_PATHS } from '@join/shared/contract';

/** The map data's file names (MAP_DATA_PATHS without their /map/ folder): the only files GET /api/map/ serves. */
export const MAP_DATA_FILES: readonly string[] = Object.values(MAP_DATA_PATHS).map((p) => path.posix.basename(p));

/**
 * Where the build writes the map data and the server reads it: api/generated/geo (git-ignored).
 * This module runs from api/src/geo (tests, tsx) or bundled in api/dist: the package's folder is
 * the nearest one up with a package.json.
 */
export function mapDataDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('map data: the api package folder was not found');
    dir = up;
  }
  return path.join(dir, 'generated', 'geo');
}
