import { DELIVERY_PROMISE_MINUTES, type CoverageResponse, type StoresResponse, type ZonesResponse } from '@join/shared/contract';
import type { FulfilmentDeps } from './deps';
import type { Language } from '../../platform/caller';
import { unavailable } from '../../platform/refusals';
import type { Log } from '../../platform/log';
import { coverageAt } from './coverage';
import { iso, isoOrNull, storeView, zoneView } from './delivery-views';
import { isOnUaeLand } from './geo/area';
import { mapData, type MapData } from './geo/map-data';

/**
 * The public geography of fulfilment (api/README.md "Delivery"): whether a point is delivered to
 * now, the zones and the stores. The server decides coverage itself; a request never carries it.
 */

/** SPEC 8 "delivery closed for area" and "delivery unsupported for area". */
export const DELIVERY_CLOSED = -128;
export const DELIVERY_UNSUPPORTED = -401;

/** The promised arrival: the zone's minutes, never more than SPEC 1's promise. */
const etaMinutesOf = (zoneMinutes: number): number => Math.min(zoneMinutes, DELIVERY_PROMISE_MINUTES);

/**
 * Whether the point is on the UAE's land as the map draws it: a point in the water is refused
 * whatever zone's outline holds it. The page keeps its pin on land, but the server never trusts
 * the page's point. Without its map data the server cannot tell: 503, as the map's calls.
 */
async function onLandOf(log: Log, point: { lat: number; lng: number }): Promise<boolean> {
  let data: MapData;
  try {
    data = await mapData();
  } catch (err) {
    log.error({ err }, 'map data unreadable');
    throw unavailable('The map data is not built (pnpm --filter @join/api run build:geo)');
  }
  return isOnUaeLand(data.area, [point.lng, point.lat]);
}

/** Coverage at a point now, with the promised minutes of an open zone (which the contract's answer leaves out). */
export async function coverageOf(ctx: FulfilmentDeps, point: { lat: number; lng: number }, log: Log): Promise<CoverageResponse & { etaMinutes?: number }> {
  if (!(await onLandOf(log, point))) return { status: 'unsupported', code: DELIVERY_UNSUPPORTED, reason: 'water' };
  const now = ctx.now();
  const found = coverageAt(await ctx.repos.listDeliveryZones(), point, now);
  switch (found.status) {
    case 'open': {
      const minutes = etaMinutesOf(found.zone.etaMinutes);
      return { status: 'open', zone_id: found.zone.id, eta: iso(now + minutes * 60_000), promise_minutes: minutes, etaMinutes: minutes };
    }
    case 'closed':
      return { status: 'closed', code: DELIVERY_CLOSED, zone_id: found.zone.id, next_opening: isoOrNull(found.nextOpeningMs) };
    case 'unsupported':
      return { status: 'unsupported', code: DELIVERY_UNSUPPORTED };
  }
}

export async function deliveryZones(ctx: FulfilmentDeps): Promise<ZonesResponse> {
  const now = ctx.now();
  return { zones: (await ctx.repos.listDeliveryZones()).map((z) => zoneView(z, now)) };
}

/** The stores, nearest to `near` first; without a point, by name in the asked language. */
export async function deliveryStores(ctx: FulfilmentDeps, language: Language, near: { lat: number; lng: number } | null): Promise<StoresResponse> {
  const now = ctx.now();
  const stores = (await ctx.repos.listStoreLocations()).map((s) => storeView(s, language, now, near));
  stores.sort((a, b) => (near ? (a.distance_m ?? 0) - (b.distance_m ?? 0) : a.name.localeCompare(b.name, language)));
  return { stores };
}
