import { activationCode, CURRENCY, type DeliveryZone, type Order, type Store as StoreView } from '@join/shared/contract';
import type { FulfilmentDeps } from './deps';
import type { DeliveryZoneRecord, OrderRecord, StoreLocationRecord } from './repository';
import type { Caller, Language } from '../../platform/caller';
import { distanceMetres, isOpenAt, nextChange, nextOpening } from './coverage';
import { isFinal } from './orders';

/** The fulfilment's records as the contract shows them: zones, stores and the user's order. */

export const iso = (ms: number): string => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));

export function zoneView(zone: DeliveryZoneRecord, now: number): DeliveryZone {
  return {
    id: zone.id,
    name: zone.name,
    emirate: zone.emirate,
    polygon: zone.polygon,
    hours: zone.hours,
    open_now: isOpenAt(zone.hours, now),
    next_opening: isoOrNull(nextOpening(zone.hours, now)),
    eta_minutes: zone.etaMinutes,
  };
}

export function storeView(store: StoreLocationRecord, language: Language, now: number, near: { lat: number; lng: number } | null): StoreView {
  return {
    id: store.id,
    name: store.name[language],
    address: store.address[language],
    emirate: store.emirate,
    lat: store.lat,
    lng: store.lng,
    distance_m: near ? Math.round(distanceMetres(near, store)) : null,
    hours: store.hours,
    open_now: isOpenAt(store.hours, now),
    next_change: isoOrNull(nextChange(store.hours, now)),
  };
}

/**
 * Whether the caller may read the order's secrets (the eSIM's activation code, the address and
 * the phone): only a session of the account the order was placed for. A device-id session of
 * the same device, or another account on it, reads the order's status without them. An order
 * placed before orders had an account shows them to any e-mail login of its user.
 */
export function mayReadSecrets(order: OrderRecord, caller: Pick<Caller, 'accountId'>): boolean {
  if (caller.accountId === null) return false;
  return order.accountId === null || order.accountId === caller.accountId;
}

/** The order as the contract shows it to the caller. */
export async function orderView(ctx: FulfilmentDeps, order: OrderRecord, caller: Pick<Caller, 'accountId' | 'language'>): Promise<Order> {
  const store = order.storeId ? await ctx.repos.getStoreLocation(order.storeId) : null;
  const d = order.delivery;
  const owner = mayReadSecrets(order, caller);
  return {
    order_number: order.orderNumber,
    kind: order.kind,
    status: order.status,
    history: order.history.map((h) => ({ status: h.status, at: iso(h.at) })),
    eta: order.kind === 'delivery' && !isFinal(order.status) ? isoOrNull(order.eta) : null,
    delivery: d && owner ? { lat: d.lat, lng: d.lng, address: d.address, address_2: d.address2, instructions: d.instructions, phone: d.phone } : null,
    store: store ? storeView(store, caller.language, ctx.now(), null) : null,
    esim:
      order.esim && owner
        ? { activation_code: activationCode(order.esim.smdpAddress, order.esim.matchingId), smdp_address: order.esim.smdpAddress, matching_id: order.esim.matchingId }
        : null,
    amount_due_fils: order.amountDueFils,
    currency: CURRENCY,
    msisdn: order.msisdn,
    created_at: iso(order.createdAt),
    identity:
      order.identity && owner
        ? { document_kind: order.identity.documentKind, document_number_masked: order.identity.documentNumberMasked, verified_at: iso(order.identity.verifiedAt) }
        : null,
    redacted: !owner && (order.esim !== null || d !== null),
  };
}
