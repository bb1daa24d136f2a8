import { z } from 'zod';
import { STEP_NAMES, type StepName } from '@join/shared';
import { VITAL_METRICS } from './ops';

/**
 * The first-party collector's beacons (issue 28, part 3): what the page sends to POST /collect
 * once the visitor said yes to analytics. Nothing identifying: a step's name, a metric's value and
 * rating, a pop-up's catalogue code, and for a vital a few short words about where it happened
 * (an element's tag and classes, cut short; never its text, a URL, an id or a value typed).
 * Everything is strict (an unknown field is refused, so a client cannot slip anything else in).
 */
const Step = z.enum(STEP_NAMES as [StepName, ...StepName[]]);

/** Where the collector listens (under /api). */
export const COLLECT_PATH = '/collect';
/** A batch holds at most this many entries. */
export const BEACON_MAX_ENTRIES = 20;
/** A batch's body is at most this many bytes (the route's bodyLimit: 413 beyond). */
export const BEACON_MAX_BYTES = 16 * 1024;
/** The attribution's short words are cut to this length. */
export const ATTRIBUTION_MAX_CHARS = 80;

/**
 * The rating web-vitals gives with the value (good, needs-improvement, poor: its own thresholds).
 */
export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
/** web-vitals 6's navigation types (soft-navigation: a step reached inside the page, where the browser reports it). */
export const NAVIGATION_TYPES = ['navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore', 'soft-navigation'] as const;

/**
 * A CSS selector as web-vitals' attribution names an element (`main>div.plan-card>button`), kept
 * only in its structural form: tags, classes, `>` and spaces; no `#id` (ids may carry data), no
 * attribute selector (`[value=...]`), no text, no URL. The sender cuts it to ATTRIBUTION_MAX_CHARS.
 */
const SELECTOR = /^[A-Za-z0-9_\-.>: ]*$/;
export const AttributionSelector = z
  .string()
  .max(ATTRIBUTION_MAX_CHARS)
  .regex(SELECTOR, 'Tags and classes only: no ids, attributes, text or URLs');

/** The few words about where a vital happened: which element, which kind of interaction or load state. */
export const VitalAttribution = z
  .object({
    /** LCP: the largest element; INP: the interaction's target; CLS: the largest shift's source. */
    target: AttributionSelector.optional(),
    /** INP: the interaction's kind (pointer, keyboard). */
    interactionType: z.enum(['pointer', 'keyboard']).optional(),
    /** INP and CLS: the page's load state when it happened. */
    loadState: z.enum(['loading', 'dom-interactive', 'dom-content-loaded', 'complete']).optional(),
  })
  .strict();
export type VitalAttribution = z.infer<typeof VitalAttribution>;

/** A visitor reached a step (each step change, and the step a page opens on). */
export const StepViewBeacon = z.object({ type: z.literal('step_view'), step: Step }).strict();

/** A web vital's final value for one step (ms for LCP and INP, unitless for CLS). */
export const VitalBeacon = z
  .object({
    type: z.literal('vital'),
    step: Step,
    metric: z.enum(VITAL_METRICS),
    /** LCP and INP at most 10 minutes, CLS at most 100 (far past any real page: nonsense is refused, not averaged in). */
    value: z.number().nonnegative(),
    rating: z.enum(VITAL_RATINGS),
    navigationType: z.enum(NAVIGATION_TYPES),
    attribution: VitalAttribution,
  })
  .strict()
  .refine((v) => v.value <= (v.metric === 'CLS' ? 100 : 600_000), { path: ['value'], message: 'is out of range for the metric' });

/**
 * An error pop-up was shown: its code as the catalogue knows it, a SPEC 8 server code as text
 * ("-2015") or the catalogue's message type ("captcha_error", "error_general"). The server accepts
 * only codes the catalogue knows (the set is closed: nobody can fill the table with words).
 */
export const ERROR_CODE_TEXT = /^(-\d{1,6}|[a-z][a-z0-9_]{0,31})$/;
export const ErrorShownBeacon = z.object({ type: z.literal('error_shown'), code: z.string().regex(ERROR_CODE_TEXT, 'A catalogue code') }).strict();

/** One entry of a batch (a union, not a discriminated one: the page's zod shares the builders the contracts use). */
export const BeaconEntry = z.union([StepViewBeacon, VitalBeacon, ErrorShownBeacon]);
export type BeaconEntry = z.infer<typeof BeaconEntry>;
export type StepViewBeacon = z.infer<typeof StepViewBeacon>;
export type VitalBeacon = z.infer<typeof VitalBeacon>;
export type ErrorShownBeacon = z.infer<typeof ErrorShownBeacon>;

/** POST /collect's JSON body: one batch. */
export const BeaconBatch = z.object({ entries: z.array(BeaconEntry).min(1).max(BEACON_MAX_ENTRIES) }).strict();
export type BeaconBatch = z.infer<typeof BeaconBatch>;
