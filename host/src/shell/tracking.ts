import { bus, store, TRACKING_EVENT_TIMEOUT_MS, type BusEvents } from '@join/shared';
import { analyticsAllowed, consentAtom } from '../consent/consent-state';
import { isRetailPage } from '../retail/retail-page';

/**
 * Tag-manager tracking (SPEC 1 and 7): the flow's outcomes become `dataLayer` events, the protocol
 * a tag manager reads, with SPEC 9's 3000 ms event timeout. This product loads no tag-manager
 * script (nothing third-party at run time); a deployment that adds one receives these events.
 * No personal data: a number event says that it happened, not which number. Nothing is pushed
 * unless the visitor said yes to analytics (issue 28: the consent panel; `allowed`).
 */
type DataLayerEvent = { event: string; eventTimeout: number } & Record<string, unknown>;
type WithDataLayer = { dataLayer?: DataLayerEvent[] };

const TRACKED = ['plan:saved', 'plan:vip-number-wanted', 'number:reserved', 'number:cancelled', 'number:confirmed'] as const;

function fieldsOf(event: (typeof TRACKED)[number], payload: BusEvents[(typeof TRACKED)[number]]): Record<string, unknown> {
  if (event === 'plan:saved' && 'productCode' in payload) return { productCode: payload.productCode };
  if (event === 'plan:vip-number-wanted' && 'tier' in payload) return { tier: payload.tier };
  if (event === 'number:confirmed' && 'hasSavedPlan' in payload) return { hasSavedPlan: payload.hasSavedPlan };
  return {};
}

export function listenForTracking(
  target: WithDataLayer = window as unknown as WithDataLayer,
  // A shop device measures nothing (no consent is asked there: the shop's terms apply).
  allowed: () => boolean = () => !isRetailPage() && analyticsAllowed(store.get(consentAtom)),
): () => void {
  const offs = TRACKED.map((event) =>
    bus.on(event, (payload: BusEvents[typeof event]) => {
      if (!allowed()) return;
      (target.dataLayer ??= []).push({ event: `join.${event}`, eventTimeout: TRACKING_EVENT_TIMEOUT_MS, ...fieldsOf(event, payload) });
    }),
  );
  return () => offs.forEach((off) => off());
}
