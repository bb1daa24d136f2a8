import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import * as topojson from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * Whether a point is inside the UAE, by a real boundary polygon: Natural Earth's Admin 0
 * country boundaries at 1:50m (public domain), as TopoJSON in the `world-atlas` package
 * (ISC), converted to GeoJSON with `topojson-client`, tested with Turf's point-in-polygon
 * (api/README.md "Location check"). 1:50m puts the land border within a kilometre or so; the
 * coastline includes the islands it draws (Abu Dhabi's among them) and no territorial sea, so
 * a point a few hundred metres off the beach counts as outside. That is the spec's rule as we
 * read it ("inside the UAE"), and the visitor can try again from the shore.
 */

/** ISO 3166-1 numeric code of the United Arab Emirates: world-atlas's feature id. */
export const UAE_ISO_NUMERIC = '784';
const ATLAS_FILE = 'world-atlas/countries-50m.json';

type Boundary = Feature<Polygon | MultiPolygon>;

/** The file is 740 KB: read and converted on the first check, once, then kept (one promise for concurrent first calls). */
let boundary: Promise<Boundary> | null = null;

export async function loadUaeBoundary(): Promise<Boundary> {
  const file = createRequire(import.meta.url).resolve(ATLAS_FILE);
  const topology = JSON.parse(await readFile(file, 'utf8')) as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const geometry = topology.objects.countries.geometries.find((g) => String(g.id) === UAE_ISO_NUMERIC);
  if (!geometry) throw new Error(`${ATLAS_FILE} has no country ${UAE_ISO_NUMERIC}`);
  const uae = topojson.feature(topology, geometry);
  if (uae.type !== 'Feature' || (uae.geometry.type !== 'Polygon' && uae.geometry.type !== 'MultiPolygon')) {
    throw new Error(`${ATLAS_FILE}: country ${UAE_ISO_NUMERIC} is not one area`);
  }
  return uae as Boundary;
}

function uaeBoundary(): Promise<Boundary> {
  // A failed load is not kept: the next check tries again (and answers 500 meanwhile).
  boundary ??= loadUaeBoundary().catch((err: unknown) => {
    boundary = null;
    throw err;
  });
  return boundary;
}

/** True when (lat, lng) lies inside the UAE's land boundary (a point on the boundary line counts as inside). */
export async function isInsideUae(lat: number, lng: number): Promise<boolean> {
  // GeoJSON is [longitude, latitude].
  return booleanPointInPolygon([lng, lat], await uaeBoundary());
}
