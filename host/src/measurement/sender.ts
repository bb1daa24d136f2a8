import { onCLS, onINP, onLCP, type CLSMetricWithAttribution, type INPMetricWithAttribution, type LCPMetricWithAttribution } from 'web-vitals/attribution';
import { API_VERSION, CHANNEL, DEVICE_OS, errorAtom, KNOWN_SERVER_CODES, sessionAtom, stepForPath, store, supportReference, type ErrorObject, type StepName } from '@join/shared';
import {
  ATTRIBUTION_MAX_CHARS,
  BEACON_MAX_BYTES,
  BEACON_MAX_ENTRIES,
  BeaconEntry,
  COLLECT_PATH,
  type VitalAttribution,
  type VitalBeacon,
} from '@join/shared/measurement';
import type { Sender } from './measurement';

/**
 * The sender (issue 28, part 3): its own chunk, loaded only after the visitor's yes to analytics
 * (measurement.ts). It queues three kinds of entry and sends them in batches to the API's
 * collector (POST /api/collect) with the session's headers, by `fetch(..., {keepalive: true})`, so
 * a batch sent as the page is hidden or left still arrives (`navigator.sendBeacon` cannot carry
 * the session's headers):
 * - step_view: each step the visitor reaches (once per step and page);
 * - vital: LCP, INP and CLS from web-vitals 6 (its attribution build), each step as its own
 *   navigation: where the browser reports soft navigations (Chromium 151 and later), web-vitals
 *   gives each step reached inside the page its own LCP, INP and CLS (`reportSoftNavs`), named by
 *   the step's URL; elsewhere only the step a page opened on is measured, with the values it had
 *   when the visitor left it (later steps would share one page-wide INP and CLS: nothing is sent
 *   for them rather than a wrong figure);
 * - error_shown: each error pop-up, by its catalogue code (a SPEC 8 server code, or the message type).
 * Batches go when 20 entries wait, a few seconds after the last entry, and at once when the page
 * is hidden or left. Nothing identifying: no URL, no text, no id; an element only as its tags and
 * classes. While measuring is not allowed (a no, a withdrawal, a shop device) nothing is queued and
 * what waited is dropped.
 */

/** How long the queue waits for more entries before it sends. */
export const FLUSH_AFTER_MS = 3000;

type VitalMetric = LCPMetricWithAttribution | INPMetricWithAttribution | CLSMetricWithAttribution;
/** Registers the vitals' callbacks (web-vitals by default); `softNavs`: whether each step is its own navigation. */
export type WatchVitals = (report: (metric: VitalMetric) => void, softNavs: boolean) => void;

export interface SenderOptions {
  allowed: () => boolean;
  /** The step on screen when the sender starts. */
  step: StepName | undefined;
  /** Sends one batch (fetch with keepalive by default). */
  send?: (entries: BeaconEntry[]) => void;
  watchVitals?: WatchVitals;
  /** Whether this browser reports soft navigations. */
  softNavs?: boolean;
  /** Calls `shown` with each error pop-up opened; returns its stop (the kernel's errorAtom by default). */
  watchErrors?: (shown: (error: ErrorObject) => void) => () => void;
  /** Calls `hidden` when the page is hidden or left; returns its stop. */
  watchHidden?: (hidden: () => void) => () => void;
}

/** web-vitals' own test (lib/softNavs.ts): the launched API, not the older attribute form. */
export function browserReportsSoftNavs(): boolean {
  const soft = (globalThis as { PerformanceSoftNavigation?: { prototype?: { getLargestInteractionContentfulPaint?: unknown } } }).PerformanceSoftNavigation;
  return (
    globalThis.PerformanceObserver?.supportedEntryTypes?.includes('soft-navigation') === true && typeof soft?.prototype?.getLargestInteractionContentfulPaint === 'function'
  );
}

const webVitals: WatchVitals = (report, softNavs) => {
  // Without soft navigations every change is wanted (the landing step's last value before it is left).
  const opts = { reportSoftNavs: softNavs, reportAllChanges: !softNavs };
  onLCP(report, opts);
  onINP(report, opts);
  onCLS(report, opts);
};

/** The session's headers, as the API client sends them (SPEC 7). */
function sessionHeaders(): Record<string, string> | null {
  const s = store.get(sessionAtom);
  if (!s.sessionId) return null;
  return { 'api-version': API_VERSION, language: s.language, channel: CHANNEL, 'device-id': s.deviceId, 'device-os': DEVICE_OS, 'session-id': s.sessionId, 'content-type': 'application/json' };
}

export function sendWithKeepalive(entries: BeaconEntry[]): void {
  const headers = sessionHeaders();
  if (!headers) return; // no session yet: nothing to send with (the visitor is not lost: the next batch will have one)
  const body = JSON.stringify({ entries });
  if (body.length > BEACON_MAX_BYTES) return; // cannot happen with 20 short entries; never a 413 loop
  void fetch(`/api${COLLECT_PATH}`, { method: 'POST', keepalive: true, credentials: 'same-origin', headers, body }).catch(() => undefined);
}

const kernelErrors = (shown: (error: ErrorObject) => void) => {
  let last: ErrorObject | null = store.get(errorAtom);
  return store.sub(errorAtom, () => {
    const now = store.get(errorAtom);
    if (now && now !== last) shown(now);
    last = now;
  });
};

const pageHidden = (hidden: () => void) => {
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') hidden();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', hidden);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', hidden);
  };
};

const SERVER_CODES = new Set(KNOWN_SERVER_CODES);
/** A pop-up's code as the collector counts it: its SPEC 8 server code when it has a known one, else its catalogue type. */
export function popupCode(error: ErrorObject): string {
  const code = supportReference(error.code);
  return code !== null && SERVER_CODES.has(code) ? String(code) : error.type;
}

/**
 * An element as web-vitals names it, kept to its structure: an `#id` part (ids may carry data)
 * is dropped, anything but tags, classes and `>` removed, and the end (the element itself) kept
 * when it is too long.
 */
export function safeSelector(selector: string | undefined): string | undefined {
  if (!selector) return undefined;
  const parts = selector
    .split('>')
    .filter((p) => !p.startsWith('#'))
    .map((p) => p.replace(/[^A-Za-z0-9_\-.:]/g, ''))
    .filter((p) => p.length > 0);
  while (parts.length > 1 && parts.join('>').length > ATTRIBUTION_MAX_CHARS) parts.shift();
  const kept = parts.join('>').slice(-ATTRIBUTION_MAX_CHARS);
  return kept.length > 0 ? kept : undefined;
}

function attributionOf(metric: VitalMetric): VitalAttribution {
  const a: VitalAttribution = {};
  let target: string | undefined;
  if (metric.name === 'LCP') target = metric.attribution.target;
  else if (metric.name === 'INP') {
    target = metric.attribution.interactionTarget;
    if (metric.attribution.interactionType) a.interactionType = metric.attribution.interactionType;
    a.loadState = metric.attribution.loadState;
  } else {
    target = metric.attribution.largestShiftTarget;
    if (metric.attribution.loadState) a.loadState = metric.attribution.loadState;
  }
  const safe = safeSelector(target);
  if (safe) a.target = safe;
  return a;
}

/** The step of a navigation's URL: the host routes in the fragment (`/#/number`), a path too. */
function stepOfUrl(url: string | undefined): StepName | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url, location.href);
    return stepForPath(u.hash.startsWith('#/') ? u.hash.slice(1) : u.pathname)?.name;
  } catch {
    return undefined;
  }
}

export function createSender(options: SenderOptions): Sender & { flush(): void } {
  const { allowed } = options;
  const send = options.send ?? sendWithKeepalive;
  const softNavs = options.softNavs ?? browserReportsSoftNavs();
  let enabled = false;
  let queue: BeaconEntry[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const seen = new Set<StepName>();
  let current: StepName | undefined;
  /** The step the page opened on (its hard navigation's LCP, INP and CLS are that step's). */
  let landing: StepName | undefined;
  /** Without soft navigations: the landing step's latest values, until it is left. */
  const landingValues = new Map<VitalMetric['name'], VitalMetric>();
  let landingDone = false;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    if (!enabled || !allowed()) return;
    for (let i = 0; i < batch.length; i += BEACON_MAX_ENTRIES) send(batch.slice(i, i + BEACON_MAX_ENTRIES));
  };

  const push = (entry: BeaconEntry) => {
    if (!enabled || !allowed()) return;
    // The contract's own check: an entry the collector would refuse (and with it the whole batch) is never sent.
    if (!BeaconEntry.safeParse(entry).success) return;
    queue.push(entry);
    if (queue.length >= BEACON_MAX_ENTRIES) flush();
    else {
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, FLUSH_AFTER_MS);
    }
  };

  const vitalEntry = (metric: VitalMetric, step: StepName): VitalBeacon => ({
    type: 'vital',
    step,
    metric: metric.name,
    value: metric.name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value),
    rating: metric.rating,
    navigationType: metric.navigationType,
    attribution: attributionOf(metric),
  });

  const endLanding = () => {
    if (landingDone || softNavs) return;
    landingDone = true;
    if (landing) for (const metric of landingValues.values()) push(vitalEntry(metric, landing));
    landingValues.clear();
  };

  const onVital = (metric: VitalMetric) => {
    if (!enabled) return;
    if (!softNavs) {
      if (!landingDone) landingValues.set(metric.name, metric);
      return;
    }
    // Each navigation's final values: a step reached inside the page by its URL; the page's own
    // navigation is the step it opened on (a page restored from the back-forward cache: the step it shows).
    const step =
      metric.navigationType === 'soft-navigation' ? stepOfUrl(metric.navigationURL) : metric.navigationType === 'back-forward-cache' ? current : landing;
    if (step) push(vitalEntry(metric, step));
  };

  const stepTo = (step: StepName | undefined) => {
    if (step === current) return;
    if (current !== undefined && landing === current) endLanding();
    current = step;
    if (!step) return;
    landing ??= step;
    if (seen.has(step)) return;
    seen.add(step);
    push({ type: 'step_view', step });
  };

  (options.watchVitals ?? webVitals)(onVital, softNavs);
  let stopErrors: (() => void) | null = null;
  let stopHidden: (() => void) | null = null;
  const hidden = () => {
    endLanding();
    flush();
  };

  const setEnabled = (yes: boolean) => {
    if (yes === enabled) return;
    enabled = yes;
    if (yes) {
      stopErrors = (options.watchErrors ?? kernelErrors)((error) => push({ type: 'error_shown', code: popupCode(error) }));
      stopHidden = (options.watchHidden ?? pageHidden)(hidden);
      // The step on screen counts as reached once measuring starts (a yes given on a later step too).
      const step = current;
      current = undefined;
      seen.clear();
      stepTo(step);
    } else {
      stopErrors?.();
      stopHidden?.();
      stopErrors = stopHidden = null;
      if (timer) clearTimeout(timer);
      timer = null;
      queue = [];
      landingValues.clear();
    }
  };

  current = options.step;
  landing = options.step;
  return { step: stepTo, setEnabled, flush };
}
