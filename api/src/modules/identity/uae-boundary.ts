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
 * coastline includes the islands it draws (Abu Dhabi's among them) but not the reclaimed ones
 * (the Palm Jumeirah, Bluewaters, the World) nor the territorial sea, which are the UAE too,
 * and where visitors stay (hotels on the Palm, a boat off the Marina). So a point also counts
 * as inside within TERRITORIAL_SEA_KM (12 nautical miles, UNCLOS art. 3) of the UAE's land,
 * unless it lies on a neighbour's land (Oman, Musandam included; Saudi Arabia; Qatar; Iran).
 */

/** ISO 3166-1 numeric code of the United Arab Emirates: world-atlas's feature id. */
export const UAE_ISO_NUMERIC = '784';
/** Oman, Saudi Arabia, Qatar, Iran: land near the UAE's sea that is not the UAE. */
const NEIGHBOURS_ISO_NUMERIC = ['512', '682', '634', '364'];
/** 12 nautical miles: the breadth of the territorial sea. */
export const TERRITORIAL_SEA_KM = 22.2;
const ATLAS_FILE = 'world-atlas/countries-50m.json';

type Boundary = Feature<Polygon | MultiPolygon>;

interface Areas {
  uae: Boundary;
  neighbours: Boundary[];
}

/** The file is 740 KB: read and converted on the first check, once, then kept (one promise for concurrent first calls). */
let areas: Promise<Areas> | null = null;

async function loadAreas(): Promise<Areas> {
  const file = createRequire(import.meta.url).resolve(ATLAS_FILE);
  const topology = JSON.parse(await readFile(file, 'utf8')) as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const feature = (id: string): Boundary => {
    const geometry = topology.objects.countries.geometries.find((g) => String(g.id) === id);
    if (!geometry) throw new Error(`${ATLAS_FILE} has no country ${id}`);
    const area = topojson.feature(topology, geometry);
    if (area.type !== 'Feature' || (area.geometry.type !== 'Polygon' && area.geometry.type !== 'MultiPolygon')) {
      throw new Error(`${ATLAS_FILE}: country ${id} is not one area`);
    }
    return area as Boundary;
  };
  return { uae: feature(UAE_ISO_NUMERIC), neighbours: NEIGHBOURS_ISO_NUMERIC.map(feature) };
}

function uaeAreas(): Promise<Areas> {
  // A failed load is not kept: the next check tries again (and answers 500 meanwhile).
  areas ??= loadAreas().catch((err: unknown) => {
    areas = null;
    throw err;
  });
  return areas;
}

/** The UAE's land as Natural Earth draws it (its islands included). */
export async function loadUaeBoundary(): Promise<Boundary> {
  return (await uaeAreas()).uae;
}

const KM_PER_DEGREE = 111.32;
/** Bearings and distances sampled around a point: no more than about 5 km between samples. */
const BEARINGS = Array.from({ length: 24 }, (_, i) => (i * 2 * Math.PI) / 24);
const RINGS_KM = [1, 3, 6, 10, 15, TERRITORIAL_SEA_KM];

/** A point `km` away towards `bearing` (radians from north); flat-earth steps, fine at these distances. */
function offset([lng, lat]: [number, number], km: number, bearing: number): [number, number] {
  const dLat = (km * Math.cos(bearing)) / KM_PER_DEGREE;
  const dLng = (km * Math.sin(bearing)) / (KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
  return [lng + dLng, lat + dLat];
}

/**
 * Inside the UAE: on its land, or within its territorial sea (TERRITORIAL_SEA_KM of its land,
 * sampled on rings around the point) and not on a neighbour's land.
 */
export async function isInsideUae(lat: number, lng: number): Promise<boolean> {
  const { uae, neighbours } = await uaeAreas();
  // GeoJSON is [longitude, latitude].
  const point: [number, number] = [lng, lat];
  if (booleanPointInPolygon(point, uae)) return true;
  if (neighbours.some((n) => booleanPointInPolygon(point, n))) return false;
  return RINGS_KM.some((km) => BEARINGS.some((b) => booleanPointInPolygon(offset(point, km, b), uae)));
}
