import { DELIVERY_STATUSES, type OrderStatus } from '@join/shared/contract';
import type { ProviderResult, ProviderUnavailable } from '../../platform/provider-result';

/**
 * The two fulfilment providers as the operator API sees them: a courier (delivery
 * jobs whose status moves on the courier's own clock) and an eSIM provisioning service (an
 * SM-DP+ that issues activation codes and reports when a phone downloaded the profile). The
 * routes know only these interfaces; the sandboxes of sandboxes/src/courier and
 * sandboxes/src/esim, or the real services, are behind HTTP clients that implement them,
 * chosen by configuration alone (JOIN_COURIER_URL / JOIN_ESIM_URL and their keys).
 *
 * Every call answers a value or a failure; nothing throws for a provider's "no".
 */

// --- courier -----------------------------------------------------------------------------------

/**
 * A job's status in the courier's words, which are the order's own (orders.ts takes them as they
 * are). A delivery: received → preparing → out_for_delivery → delivered. A store pickup is a job
 * too (the store prepares the SIM): received → preparing → ready_for_pickup → collected. failed:
 * the courier gave up (the order stays open; support calls).
 */
export const COURIER_STATUSES = [...DELIVERY_STATUSES, 'ready_for_pickup', 'collected', 'failed'] as const satisfies readonly (OrderStatus | 'failed')[];
export type CourierStatus = (typeof COURIER_STATUSES)[number];

export interface CourierJobRequest {
  kind: 'delivery' | 'pickup';
  /** Our order number: the courier keeps it as the merchant reference. */
  reference: string;
  /** The same key gives the same job: a retry never books two couriers. */
  idempotencyKey: string;
  /** A delivery: where to; a pickup: the store's position. */
  dropoff: { lat: number; lng: number; address: string; address2: string; instructions: string; phone: string } | null;
  /** A pickup: our store id. */
  storeId: string | null;
  /** What the courier collects in cash on delivery, in fils (0 when paid online). */
  cashOnDeliveryFils: number;
  /**
   * Who may receive the SIM: the verified document holder's name and the masked document
   * number, which the store desk (or the courier at the door) checks against the presented document.
   */
  recipient: { name: string; documentKind: 'passport' | 'emirates_id'; documentNumberMasked: string } | null;
}

export interface CourierJob {
  id: string;
  status: CourierStatus;
  /** Each status reached, with when (ISO). */
  history: { status: CourierStatus; at: string }[];
  /** The courier's estimated arrival (ISO), while on the way; else null. */
  eta: string | null;
}

export type CourierFailure = ProviderUnavailable | 'rejected';

export interface CourierProvider {
  createJob(request: CourierJobRequest): Promise<ProviderResult<CourierJob, CourierFailure>>;
  getJob(id: string): Promise<ProviderResult<CourierJob, CourierFailure | 'not_found'>>;
}

// --- eSIM provisioning ---------------------------------------------------------------------------

export interface EsimOrderRequest {
  /** The number the profile carries (971…). */
  msisdn: string;
  /** Our order number. */
  reference: string;
  idempotencyKey: string;
}

export interface EsimProfile {
  /** The provider's profile id. */
  id: string;
  /** The SM-DP+ address (host[:port]) and the matching id of the activation code. */
  smdpAddress: string;
  matchingId: string;
  /** released: ready to download; installed: a phone downloaded and enabled it. */
  state: 'released' | 'downloaded' | 'installed' | 'expired';
  /** When it was installed (ISO); null before. */
  installedAt: string | null;
}

export type EsimFailure = ProviderUnavailable | 'rejected';

export interface EsimProvider {
  orderProfile(request: EsimOrderRequest): Promise<ProviderResult<EsimProfile, EsimFailure>>;
  getProfile(id: string): Promise<ProviderResult<EsimProfile, EsimFailure | 'not_found'>>;
}
