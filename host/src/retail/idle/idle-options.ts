import type { IIdleTimerProps } from 'react-idle-timer';
import { retailIdleMs } from '@join/shared';
import { RETAIL_COUNTDOWN_MS } from '@join/shared/retail';

/**
 * react-idle-timer's options on a shop device (SPEC 4 "Retail idle handling", SPEC 9):
 * - idle after 180 s on the plan-selection or login screens, 120 s elsewhere (retailIdleMs), then
 *   the pop-up counts 120 s down: react-idle-timer's `timeout` is the whole time to the wipe and
 *   `promptBeforeIdle` the pop-up's part of it;
 * - `crossTab` with `syncTimers`: the tabs of the device share one timer (activity in one keeps
 *   the others, the pop-up and the wipe happen in all);
 * - the main thread's timers, not the library's worker timers: those run in a worker made from a
 *   blob: URL, which the page's CSP (no worker-src blob:) refuses; a sleeping device is covered by
 *   the library's own check on the first event after waking (visibilitychange, focus, a touch:
 *   past the deadline it goes idle, not active) and by the pop-up's wall-clock check (idle-guard).
 */
export function retailIdleOptions(pathname: string): IIdleTimerProps {
  return {
    timeout: retailIdleMs(pathname) + RETAIL_COUNTDOWN_MS,
    promptBeforeIdle: RETAIL_COUNTDOWN_MS,
    crossTab: true,
    syncTimers: 200,
    name: 'join-retail-idle',
  };
}
