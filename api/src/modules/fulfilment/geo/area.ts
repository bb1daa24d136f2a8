import type { AreaResponse, EmirateCode } from '@join/shared/contract';
import { toPlace, type GazetteerPlace } from './gazetteer';
import { areaBounds, distanceKmToArea, haversineKm, pointInArea, type Area, type LngLat } from './geometry';

/**
 * The pin's area (GET /delivery/area; api/README.md "Map data and gazetteer"), a pure function
 * over the built map data:
 * - inside_uae: on the UAE's land (OpenStreetMap's, which has the reclaimed islands), or within
 *   COAST_MARGIN_KM of it (a pier, a moored boat, land reclaimed since) and on no neighbour's land;
 * - emirate: the emirate whose outline holds the point, else the nearest within EMIRATE_NEAREST_KM
 *   (a point in the coastal margin, or in a neutral zone); null outside;
 * - on_land: on the UAE's land with no margin (the pin is not put in the water);
 * - place: the nearest place within PLACE_RADIUS_KM, named in the asked language; null outside.
 */
export const COAST_MARGIN_KM = 2;
export const EMIRATE_NEAREST_KM = 10;
export const PLACE_RADIUS_KM = 15;

interface Bounded {
  area: Area;
  bounds: [number, number, number, number];
}

export interface AreaData {
  uae: Bounded[];
  neighbours: Bounded[];
  emirates: (Bounded & { code: EmirateCode })[];
  places: readonly GazetteerPlace[];
}

export function bounded(area: Area): Bounded {
  return { area, bounds: areaBounds(area) };
}

function inside(point: LngLat, b: Bounded): boolean {
  const [w, s, e, n] = b.bounds;
  return point[0] >= w && point[0] <= e && point[1] >= s && point[1] <= n && pointInArea(point, b.area);
}

export function isInsideUaeLand(data: AreaData, point: LngLat): boolean {
  if (data.uae.some((b) => inside(point, b))) return true;
  if (data.neighbours.some((b) => inside(point, b))) return false;
  return data.uae.some((b) => distanceKmToArea(point, b.area, b.bounds, COAST_MARGIN_KM) <= COAST_MARGIN_KM);
}

export function emirateAt(data: AreaData, point: LngLat): EmirateCode | null {
  const holder = data.emirates.find((e) => inside(point, e));
  if (holder) return holder.code;
  let best: { code: EmirateCode; km: number } | null = null;
  for (const e of data.emirates) {
    const km = distanceKmToArea(point, e.area, e.bounds, EMIRATE_NEAREST_KM);
    if (km <= EMIRATE_NEAREST_KM && (!best || km < best.km)) best = { code: e.code, km };
  }
  return best?.code ?? null;
}

export function nearestPlace(places: readonly GazetteerPlace[], point: LngLat): GazetteerPlace | null {
  let best: { p: GazetteerPlace; km: number } | null = null;
  for (const p of places) {
    const km = haversineKm(point, [p.lng, p.lat]);
    if (km <= PLACE_RADIUS_KM && (!best || km < best.km)) best = { p, km };
  }
  return best?.p ?? null;
}

/** On the UAE's land as drawn, with no margin: the water is not. */
export function isOnUaeLand(data: AreaData, point: LngLat): boolean {
  return data.uae.some((b) => inside(point, b));
}

export function areaAt(data: AreaData, lat: number, lng: number, lang: 'en' | 'ar'): AreaResponse {
  const point: LngLat = [lng, lat];
  if (!isInsideUaeLand(data, point)) return { inside_uae: false, on_land: false, emirate: null, place: null };
  const place = nearestPlace(data.places, point);
  return { inside_uae: true, on_land: isOnUaeLand(data, point), emirate: emirateAt(data, point), place: place ? toPlace(place, lang) : null };
}
