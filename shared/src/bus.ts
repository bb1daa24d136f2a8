import type { VanityTier } from './constants';
import type { ErrorObject, Product, ProductCategory } from './schemas/entities';

/** A list of plans the plan step shows: its category tabs (the tourist plans are their own tab). */
export type PlanListId = 'tourist' | ProductCategory;

/**
 * The typed event bus. Step modules announce what happened (outcomes); the host alone decides
 * where the user goes, from the flow contract (flow/outcomes.ts). Event name -> payload type,
 * checked at compile time on both ends; BUS_EVENTS lists the names at run time, and a host test
 * proves each has a listener.
 */
export interface BusEvents {
  /** The plan save sequence finished (SPEC 4): the host moves on. */
  'plan:saved': { productCode: number };
  /**
   * Tracking (issue 28, GA4 view_item_list): the plans of a list are on screen. Catalogue data
   * only; the host's tracking picks what it sends.
   */
  'plan:list-viewed': { list: PlanListId; products: readonly Product[] };
  /** Tracking (GA4 select_item): the visitor opened the plan at `index` of a list (its review). */
  'plan:selected': { list: PlanListId; index: number; product: Product };
  /**
   * Tracking (GA4 add_to_cart): a plan choice is saved and priced by the server, and the store
   * holds it (savedPlanAtom): the plan step, a builder, or the number step's VIP plan alike.
   */
  'plan:added-to-cart': { productCode: number };
  /** The visitor asked for a VIP number of a plan's tier: the host opens the number search on it. */
  'plan:vip-number-wanted': { tier: VanityTier | null };
  /** The server now holds this number for the visitor (tracking). */
  'number:reserved': { msisdn: string; expiresAt: string | null };
  /** The visitor released the held number (tracking). */
  'number:cancelled': { msisdn: string };
  /** The visitor confirmed the held number; saved plans were fetched (SPEC 4: then /login, or the next step). */
  'number:confirmed': { msisdn: string; hasSavedPlan: boolean };
  /**
   * The visitor logged in by e-mail (password or code, then a password) or with Google; the flow
   * status is already refreshed, so the host moves on by the flow contract.
   */
  'account:logged-in': { method: 'password' | 'code' | 'google' };
  /**
   * The location check answered (the server stored inside_uae and the flow status is already
   * refreshed). Inside: the host moves on by the flow contract. Outside: the host stays; the
   * page explains it.
   */
  'identity:location-checked': { inside: boolean };
  /**
   * The activation method's answers (residency and SIM type) are stored and the flow status is
   * refreshed: the host goes on (a resident to the document scan, a non-resident to the id check).
   */
  'identity:method-chosen': { residentType: 'resident' | 'non_resident'; simType: 'esim' | 'physical' };
  /**
   * The identity check passed (the flow status already carries is_resident_done or
   * is_id_verified): the host moves on by the flow contract.
   */
  'identity:verified': { path: 'resident' | 'non_resident' };
  /** Tracking (GA4 begin_checkout): the payment step shows the server's summary of this product. */
  'payment:summary-shown': { productCode: number };
  /** Tracking (GA4 add_payment_info): the visitor gave how to pay (the card accepted by the provider's fields, or instalments agreed). Never the card. */
  'payment:details-entered': { method: 'card' | 'bnpl' };
  /**
   * The payment went through and the visitor has seen the confirmation (the flow status already
   * carries is_plan_paid): the host moves on by the flow contract (delivery, or thank-you).
   */
  'payment:completed': { method: 'card' | 'bnpl' | 'counter' };
  /**
   * The order is placed (a delivery, a store pickup, or the eSIM issued) and the flow status is
   * refreshed: the host goes to the thank-you page (routeAfterOrderPlaced).
   */
  'delivery:order-placed': { kind: 'delivery' | 'pickup' | 'esim' };
  /**
   * Tracking (GA4 purchase): the thank-you page shows the order (after a reload too: the host's
   * tracking sends a purchase once per order). The order's number only, never what it holds.
   */
  'delivery:order-shown': { orderNumber: string; kind: 'delivery' | 'pickup' | 'esim' };
  /** Something the user must see as an error pop-up. */
  'error:raised': { error: ErrorObject; source?: string };
  /** The session ended (logout codes of SPEC 8, or the user logged out). */
  'session:ended': { code: number | null };
  /**
   * A module shows one of its own pages (a route of a step it owns, per the module registry).
   * The host refuses any other route and still guards this one.
   */
  'navigate:request': { from: string; to: string };
}

/** Every event name, at run time (the type below keeps the list complete). */
export const BUS_EVENTS = [
  'plan:saved',
  'plan:list-viewed',
  'plan:selected',
  'plan:added-to-cart',
  'plan:vip-number-wanted',
  'number:reserved',
  'number:cancelled',
  'number:confirmed',
  'account:logged-in',
  'identity:location-checked',
  'identity:method-chosen',
  'identity:verified',
  'payment:summary-shown',
  'payment:details-entered',
  'payment:completed',
  'delivery:order-placed',
  'delivery:order-shown',
  'error:raised',
  'session:ended',
  'navigate:request',
] as const satisfies readonly (keyof BusEvents)[];
// Fails to compile when an event is added to BusEvents but not to BUS_EVENTS.
type MissingEvents = Exclude<keyof BusEvents, (typeof BUS_EVENTS)[number]>;
const allListed: MissingEvents extends never ? true : MissingEvents = true;
void allListed;

type Handler<T> = (payload: T) => void;

export interface Bus<E> {
  on<K extends keyof E>(event: K, handler: Handler<E[K]>): () => void;
  emit<K extends keyof E>(event: K, payload: E[K]): void;
  /** Number of handlers; for tests and diagnostics. */
  listenerCount(event: keyof E): number;
}

export function createBus<E>(): Bus<E> {
  const handlers = new Map<keyof E, Set<Handler<never>>>();
  return {
    on(event, handler) {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      set.add(handler as Handler<never>);
      return () => {
        set.delete(handler as Handler<never>);
      };
    },
    emit(event, payload) {
      // Copy first: a handler may unsubscribe itself while we iterate.
      for (const h of [...(handlers.get(event) ?? [])]) {
        try {
          (h as Handler<typeof payload>)(payload);
        } catch (err) {
          // One broken listener must not stop the others (a remote's bug stays contained).
          console.error(`bus handler for ${String(event)} failed`, err);
        }
      }
    },
    listenerCount(event) {
      return handlers.get(event)?.size ?? 0;
    },
  };
}

/** The page's single bus. Shared as a Module Federation singleton through @join/shared. */
export const bus: Bus<BusEvents> = createBus<BusEvents>();
