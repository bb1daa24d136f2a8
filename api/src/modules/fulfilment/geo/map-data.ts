import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EmirateCode, MAP_DATA_PATHS } from '@join/shared/contract';
import type { Feature, FeatureCollection, MultiPolygon, Point, Polygon } from 'geojson';
import { bounded, type AreaData } from './area';
import { indexPlaces, type GazetteerPlace, type IndexedPlace } from './gazetteer';
import { mapDataDir } from './map-files';

/** The built map data as the places and area answers use it (api/src/modules/fulfilment/geo/build). */
export interface MapData {
  area: AreaData;
  index: IndexedPlace[];
}

async function readCollection<G extends Polygon | MultiPolygon | Point, P>(dir: string, file: string): Promise<FeatureCollection<G, P>> {
  const full = path.join(dir, path.posix.basename(file));
  try {
    return JSON.parse(await readFile(full, 'utf8')) as FeatureCollection<G, P>;
  } catch (err) {
    throw new Error(`map data ${full} unreadable (run \`pnpm --filter @join/api run build:geo\`): ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

export async function readMapData(dir: string = mapDataDir()): Promise<MapData> {
  const [land, emirates, places] = await Promise.all([
    readCollection<Polygon | MultiPolygon, { iso2: string }>(dir, MAP_DATA_PATHS.land),
    readCollection<Polygon | MultiPolygon, { code: string }>(dir, MAP_DATA_PATHS.emirates),
    readCollection<Point, Omit<GazetteerPlace, 'lat' | 'lng'>>(dir, MAP_DATA_PATHS.places),
  ]);
  const gazetteer: GazetteerPlace[] = places.features.map((f: Feature<Point, Omit<GazetteerPlace, 'lat' | 'lng'>>) => ({
    ...f.properties,
    lng: f.geometry.coordinates[0]!,
    lat: f.geometry.coordinates[1]!,
  }));
  return {
    area: {
      uae: land.features.filter((f) => f.properties.iso2 === 'AE').map((f) => bounded(f.geometry)),
      neighbours: land.features.filter((f) => f.properties.iso2 !== 'AE').map((f) => bounded(f.geometry)),
      emirates: emirates.features.map((f) => ({ ...bounded(f.geometry), code: EmirateCode.parse(f.properties.code) })),
      places: gazetteer,
    },
    index: indexPlaces(gazetteer),
  };
}

let loaded: { dir: string; data: Promise<MapData> } | null = null;

/** Read once per folder, then kept; a failed read is not kept (the next request tries again). */
export function mapData(dir: string = mapDataDir()): Promise<MapData> {
  if (loaded?.dir !== dir) {
    const data = readMapData(dir).catch((err: unknown) => {
      loaded = null;
      throw err;
    });
    loaded = { dir, data };
  }
  return loaded.data;
}
