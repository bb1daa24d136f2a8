import type { ErrorObject } from './schemas/entities';
import type { StepName } from './flow/steps';

/**
 * The typed event bus. Step modules announce what happened; the host decides where the
 * user goes. Event name -> payload type, checked at compile time on both ends.
 */
export interface BusEvents {
  /** The plan save sequence finished (SPEC 4): the host moves on. */
  'plan:saved': { productCode: number };
  'number:reserved': { msisdn: string; expiresAt: string | null };
  'number:cancelled': { msisdn: string };
  /** A step finished its work; the host routes to the next step per the flow contract. */
  'step:done': { step: StepName; to?: string };
  /** Something the user must see as an error pop-up. */
  'error:raised': { error: ErrorObject; source?: string };
  /** The session ended (logout codes of SPEC 8, or the user logged out). */
  'session:ended': { code: number | null };
  /** A module asks the host to go to a route inside the flow (the host still guards it). */
  'navigate:request': { to: string };
}

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
