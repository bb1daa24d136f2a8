import { localFrame, nearestOnSegment, pointInArea, type Area, type LngLat } from './geometry';

/**
 * A point in the water moved onto land (api/README.md "Map data and
 * gazetteer"). GeoNames' points for coastal districts (Dubai Marina, Jumeirah, Al Mamzar) often
 * lie a few hundred metres offshore: a place chosen in the search must drop the pin where a
 * courier can go. The nearest points of the land's edges are tried, nearest first, each pushed a
 * little inland (SNAP_INLAND_KM, then further) until one is on the land and accepted by `accept`
 * (inside a delivery zone); when no such point is within SNAP_MAX_KM, the nearest land point
 * (any zone) is answered; when none at all, null. A point already on land is answered as it is.
 *
 * Distances on a flat projection centred on the point (a few kilometres: well under 1 % off).
 */
export const SNAP_MAX_KM = 5;
/** How far inland the edge's point is pushed, first try: ~30 m, a building's depth from the shore. */
export const SNAP_INLAND_KM = [0.03, 0.06, 0.12, 0.25] as const;
/** Long edges are tried every this many kilometres. */
const SNAP_PIECE_KM = 0.1;
/** The nearest edges tried before giving up on `accept` (each a handful of point-in-polygon tests). */
const MAX_CANDIDATES = 2000;

export interface SnapOptions {
  /** Whether a land point is acceptable (inside a delivery zone); all are when not given. */
  accept?: (p: LngLat) => boolean;
  maxKm?: number;
}

export function onLand(point: LngLat, land: readonly Area[]): boolean {
  return land.some((a) => pointInArea(point, a));
}

export function snapToLand(point: LngLat, land: readonly Area[], options: SnapOptions = {}): LngLat | null {
  if (onLand(point, land)) return point;
  const maxKm = options.maxKm ?? SNAP_MAX_KM;
  const frame = localFrame(point);
  // The nearest point of each edge within maxKm, in km around the point.
  const near: { x: number; y: number; km: number; nx: number; ny: number }[] = [];
  for (const area of land) {
    for (const [ax, ay, bx, by] of frame.edges(area)) {
      if (Math.min(Math.abs(ax), Math.abs(bx)) > maxKm && Math.sign(ax) === Math.sign(bx)) continue;
      if (Math.min(Math.abs(ay), Math.abs(by)) > maxKm && Math.sign(ay) === Math.sign(by)) continue;
      // A long edge in pieces of at most SNAP_PIECE_KM: each piece's nearest point is a candidate
      // (a zone that takes only part of a long shore is reached along it).
      const pieces = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / SNAP_PIECE_KM));
      for (let k = 0; k < pieces; k++) {
        const sx = ax + ((bx - ax) * k) / pieces;
        const sy = ay + ((by - ay) * k) / pieces;
        const dx = (bx - ax) / pieces;
        const dy = (by - ay) / pieces;
        const { x, y } = nearestOnSegment(sx, sy, sx + dx, sy + dy);
        const km = Math.hypot(x, y);
        if (km > maxKm) continue;
        // Inland: away from the water point; along the edge's normal when the point is on the edge.
        const len = Math.hypot(dx, dy) || 1;
        const [nx, ny] = km > 1e-9 ? [x / km, y / km] : [-dy / len, dx / len];
        near.push({ x, y, km, nx, ny });
      }
    }
  }
  near.sort((a, b) => a.km - b.km);
  const { toLngLat } = frame;
  let firstOnLand: LngLat | null = null;
  for (const c of near.slice(0, MAX_CANDIDATES)) {
    for (const inland of SNAP_INLAND_KM) {
      const p = toLngLat(c.x + c.nx * inland, c.y + c.ny * inland);
      if (!onLand(p, land)) continue;
      if (!options.accept || options.accept(p)) return round(p);
      firstOnLand ??= p;
      break;
    }
  }
  return firstOnLand ? round(firstOnLand) : null;
}

/** 6 decimals ≈ 0.1 m. */
function round([lng, lat]: LngLat): LngLat {
  return [Math.round(lng * 1e6) / 1e6, Math.round(lat * 1e6) / 1e6];
}
