import { randomInt } from 'node:crypto';
import { DELIVERY_STATUSES, FINAL_ORDER_STATUSES, PICKUP_STATUSES, PHONE_RULES, phoneWithCountryCode, type OrderStatus } from '@join/shared/contract';
import type { OrderRecord, OrderUpdate } from './repository';
import type { CourierJob, EsimProfile } from './providers';

/**
 * The order's rules as pure functions: ids and numbers, the international phone, and
 * how a provider's news moves an order (statuses only move forward along the order's own path;
 * a courier's failure leaves the order where it was: support calls).
 */
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Readable aloud and in an e-mail: no 0/O, 1/I/L. */
const NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const pick = (alphabet: string, n: number): string => Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join('');

/** Our order id (the providers' idempotency keys derive from it): ord_ and 24 letters and digits. */
export const newOrderId = (): string => `ord_${pick(ID_ALPHABET, 24)}`;
/** The order number the visitor sees, e.g. JO-7Q4K-2M9X (31^8). */
export const newOrderNumber = (): string => `JO-${pick(NUMBER_ALPHABET, 4)}-${pick(NUMBER_ALPHABET, 4)}`;

/** How often GET /me/order asks a provider for news of one order, at most. */
export const ORDER_REFRESH_MS = 2000;

export const isFinal = (status: OrderStatus): boolean => FINAL_ORDER_STATUSES.includes(status);

/**
 * The courier's contact number in international form, digits only (SPEC 5): a country with a
 * phone rule maps a leading 0 (or nothing) to its dialling code, and keeps a number already
 * carrying it; a country without a rule gets the digits as typed (taken as international).
 */
export function internationalPhone(phone: string, country: string): string {
  const rule = PHONE_RULES[country.toUpperCase()];
  return rule ? phoneWithCountryCode(phone, rule.dialCode) : phone.replace(/\D/g, '');
}

function pathOf(order: Pick<OrderRecord, 'kind'>): readonly OrderStatus[] {
  return order.kind === 'delivery' ? DELIVERY_STATUSES : order.kind === 'pickup' ? PICKUP_STATUSES : ['issued', 'installed'];
}

/** The history with the reached statuses added (each once, at its first time), in path order. */
function mergeHistory(order: Pick<OrderRecord, 'kind' | 'history'>, reached: readonly { status: OrderStatus; at: number }[]) {
  const path = pathOf(order);
  const history = [...order.history];
  for (const r of reached) {
    if (path.includes(r.status) && !history.some((h) => h.status === r.status)) history.push(r);
  }
  return history.sort((a, b) => path.indexOf(a.status) - path.indexOf(b.status));
}

const furthest = (order: Pick<OrderRecord, 'kind'>, history: readonly { status: OrderStatus }[]): OrderStatus | undefined => {
  const path = pathOf(order);
  return history.map((h) => h.status).sort((a, b) => path.indexOf(b) - path.indexOf(a))[0];
};

const toMs = (iso: string | null, fallback: number): number => {
  const ms = iso === null ? Number.NaN : Date.parse(iso);
  return Number.isFinite(ms) ? ms : fallback;
};

/** What a courier job says about a delivery or pickup order. */
export function updateFromCourier(order: OrderRecord, job: CourierJob, now: number): OrderUpdate {
  const reached = job.history
    .filter((h): h is { status: OrderStatus & CourierJob['status']; at: string } => h.status !== 'failed')
    .map((h) => ({ status: h.status, at: toMs(h.at, now) }));
  if (job.status !== 'failed' && !reached.some((r) => r.status === job.status)) reached.push({ status: job.status, at: now });
  const history = mergeHistory(order, reached);
  const status = furthest(order, history) ?? order.status;
  const eta = isFinal(status) ? null : job.eta !== null ? toMs(job.eta, order.eta ?? now) : order.eta;
  return { courierJobId: job.id, status, history, eta, refreshedAt: now };
}

/** What an eSIM profile says about an eSIM order. */
export function updateFromEsim(order: OrderRecord, profile: EsimProfile, now: number): OrderUpdate {
  const reached = profile.state === 'installed' ? [{ status: 'installed' as const, at: toMs(profile.installedAt, now) }] : [];
  const history = mergeHistory(order, reached);
  return {
    esim: { profileId: profile.id, smdpAddress: profile.smdpAddress, matchingId: profile.matchingId },
    status: furthest(order, history) ?? order.status,
    history,
    refreshedAt: now,
  };
}
