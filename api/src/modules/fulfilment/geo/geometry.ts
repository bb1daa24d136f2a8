import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { MultiPolygon, Polygon, Position } from 'geojson';

/** [longitude, latitude] in degrees, as GeoJSON orders them. */
export type LngLat = [number, number];
export type Area = Polygon | MultiPolygon;

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE_LAT = 110.57;
const KM_PER_DEGREE_LNG_EQUATOR = 111.32;

/** Great-circle distance in kilometres (haversine). */
export function haversineKm([lng1, lat1]: LngLat, [lng2, lat2]: LngLat): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export function pointInArea(point: LngLat, area: Area): boolean {
  return booleanPointInPolygon(point, area);
}

/** [west, south, east, north] of an area. */
export function areaBounds(area: Area): [number, number, number, number] {
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  for (const ring of rings(area)) {
    for (const [x, y] of ring) {
      if (x! < w) w = x!;
      if (x! > e) e = x!;
      if (y! < s) s = y!;
      if (y! > n) n = y!;
    }
  }
  return [w, s, e, n];
}

function rings(area: Area): Position[][] {
  return area.type === 'Polygon' ? area.coordinates : area.coordinates.flat();
}

/**
 * A flat projection centred on a point, in kilometres east (x) and north (y) of it: within a few
 * tens of kilometres, off by well under 1 %.
 */
export function localFrame([lng0, lat0]: LngLat) {
  const kx = KM_PER_DEGREE_LNG_EQUATOR * Math.cos((lat0 * Math.PI) / 180);
  const ky = KM_PER_DEGREE_LAT;
  return {
    kx,
    ky,
    toLngLat: (x: number, y: number): LngLat => [lng0 + x / kx, lat0 + y / ky],
    /** Each edge of the area's rings as the segment [ax, ay, bx, by] in this frame. */
    *edges(area: Area): Generator<[number, number, number, number]> {
      for (const ring of rings(area)) {
        for (let i = 1; i < ring.length; i++) {
          yield [(ring[i - 1]![0]! - lng0) * kx, (ring[i - 1]![1]! - lat0) * ky, (ring[i]![0]! - lng0) * kx, (ring[i]![1]! - lat0) * ky];
        }
      }
    },
  };
}

/**
 * The distance in kilometres from a point outside an area to its nearest edge (0 inside), in the
 * point's local frame. `withinKm` lets it answer Infinity at once for an area whose bounds are
 * farther than that.
 */
export function distanceKmToArea(point: LngLat, area: Area, bounds = areaBounds(area), withinKm = Infinity): number {
  const [lng0, lat0] = point;
  const frame = localFrame(point);
  const [w, s, e, n] = bounds;
  const dxBox = Math.max(w - lng0, 0, lng0 - e) * frame.kx;
  const dyBox = Math.max(s - lat0, 0, lat0 - n) * frame.ky;
  if (Math.hypot(dxBox, dyBox) > withinKm) return Infinity;
  if (pointInArea(point, area)) return 0;
  let best = Infinity;
  for (const [ax, ay, bx, by] of frame.edges(area)) {
    const { x, y } = nearestOnSegment(ax, ay, bx, by);
    best = Math.min(best, Math.hypot(x, y));
  }
  return best;
}

/** The point of the segment AB nearest to the origin. */
export function nearestOnSegment(ax: number, ay: number, bx: number, by: number): { x: number; y: number } {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
  return { x: ax + t * dx, y: ay + t * dy };
}
