import { bus, store, type BusEvents } from '@join/shared';
import { consentAtom, pageAnalyticsAnswer } from '../consent/consent-state';
import type * as Tracking from './tracking';
import type { HeardEvent } from './tracking';

/** The bus events tag-manager tracking turns into GA4 events (tracking.ts maps each). */
export const TRACKED_EVENTS = [
  'number:reserved',
  'number:cancelled',
  'plan:list-viewed',
  'plan:selected',
  'plan:added-to-cart',
  'payment:summary-shown',
  'payment:details-entered',
  'delivery:order-placed',
  'delivery:order-shown',
] as const satisfies readonly (keyof BusEvents)[];

/** Events heard before the visitor answers, kept for a yes (tracking.ts's own bound). */
const MAX_HEARD = 30;

/**
 * What the first download carries of tag-manager tracking (issue 28): a listener that keeps the
 * tracked events of this page in memory until the visitor says yes to analytics, then loads
 * tracking (its own chunk: the GA4 mapping and the tag manager's loader) and hands them over, in
 * order. A no drops them; a visitor who never says yes never downloads tracking; a shop device
 * neither keeps nor loads anything. Once loaded, tracking listens itself (and rechecks consent
 * before every push).
 */
export function startTracking(load: () => Promise<typeof Tracking> = () => import(/* webpackChunkName: "tracking" */ './tracking')): () => void {
  let heard: HeardEvent[] = [];
  let stop: (() => void) | null = null;
  let ended = false;
  const offs = TRACKED_EVENTS.map((event) =>
    bus.on(event, (payload: BusEvents[typeof event]) => {
      // Kept until tracking has loaded: before the answer, and between a yes and the chunk's arrival.
      if (pageAnalyticsAnswer() !== 'no') heard = [...heard, [event, payload] as HeardEvent].slice(0, MAX_HEARD);
    }),
  );
  const check = () => {
    const answer = pageAnalyticsAnswer();
    if (answer === 'no') heard = [];
    if (stop || answer !== 'yes') return;
    stop = () => undefined; // loading
    void load().then(
      (tracking) => {
        if (ended) return;
        offs.forEach((off) => off());
        const offTracking = tracking.listenForTracking({ heard });
        const offLoader = tracking.loadTagManagerWhenAllowed();
        heard = [];
        stop = () => {
          offTracking();
          offLoader();
        };
      },
      () => {
        stop = null; // a failed download: measured nothing; a later change of mind tries again
      },
    );
  };
  const unwatch = store.sub(consentAtom, check);
  check();
  return () => {
    ended = true;
    unwatch();
    offs.forEach((off) => off());
    stop?.();
    heard = [];
  };
}
