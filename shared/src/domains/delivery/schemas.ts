import { z } from 'zod';
import { CURRENCY, MARKETING, validatePhone } from '@join/shared';

/**
 * The delivery domain's payloads: where to deliver, whether the pin can be served now,
 * the stores to collect from, the order and its live status, and the instant eSIM. SPEC 7 names
 * no delivery call; these are ours. The API parses with these schemas and the delivery pages parse
 * the answers with them.
 *
 * Time: every timestamp is an ISO 8601 string in UTC; opening hours are local UAE time
 * (Asia/Dubai, UTC+4 all year), "HH:MM" 24-hour, as stores and zones publish them.
 */

/** SPEC 9: "Autocomplete minimum 4 characters, timeout 500 ms". */
export const PLACES_MIN_CHARS = 4;
export const PLACES_DEBOUNCE_MS = 500;
/** The places search answers at most this many places. */
export const PLACES_MAX_RESULTS = 8;
/** SPEC 1: delivery within 60 minutes. */
export const DELIVERY_PROMISE_MINUTES = MARKETING.deliveryMinutes;
/** The UAE's local time zone: opening hours are read in it. */
export const UAE_TIME_ZONE = 'Asia/Dubai';
/**
 * The UAE's bounding box [west, south, east, north] in degrees: the map's max bounds and the
 * places search's restriction (SPEC 9: place search restricted to UAE). A point inside the box
 * is not necessarily inside the UAE: GET /delivery/area says.
 */
export const UAE_BOUNDS = [51.4, 22.5, 56.5, 26.3] as const;
/** The map's first view when nothing is chosen yet: Dubai. */
export const MAP_DEFAULT_CENTER = { lat: 25.2048, lng: 55.2708 } as const;

/**
 * The map's data, built at build time from data packages and served by the product itself under
 * the API (GET /api/map/...; nothing is fetched from the internet): GeoJSON FeatureCollections.
 * - land: land polygons of the UAE and its neighbours' edges (property `iso2`);
 * - emirates: the seven emirates' outlines (properties `code` (EmirateCode), `name_en`, `name_ar`);
 * - places: the gazetteer's places as points (properties `id`, `name_en`, `name_ar`, `emirate`, `rank`).
 * `attribution` is the data sources' attribution line (HTML), shown on every map.
 */
export const MAP_DATA_PATHS = {
  land: '/map/land.geojson',
  emirates: '/map/emirates.geojson',
  places: '/map/places.geojson',
  attribution: '/map/attribution.json',
} as const;
export const MapAttribution = z.object({ html: z.string(), sources: z.array(z.object({ name: z.string(), licence: z.string(), url: z.string() })) });
export type MapAttribution = z.infer<typeof MapAttribution>;

/** ISO 3166-2:AE codes of the seven emirates; texts delivery.emirate.<code> name them. */
export const EmirateCode = z.enum(['AZ', 'DU', 'SH', 'AJ', 'UQ', 'RK', 'FU']);
export type EmirateCode = z.infer<typeof EmirateCode>;

/** A point on the map (WGS 84 degrees). Query strings carry numbers as text: coerced. */
export const LatLng = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
export type LatLng = z.infer<typeof LatLng>;

/** Whether a point lies in UAE_BOUNDS (a quick client-side check before asking the server). */
export function inUaeBounds(p: { lat: number; lng: number }): boolean {
  const [w, s, e, n] = UAE_BOUNDS;
  return p.lng >= w && p.lng <= e && p.lat >= s && p.lat <= n;
}

/** The language names come back in (?lang= on the places, area and store queries); English unless asked. */
const AnswerLanguage = z.enum(['en', 'ar']).default('en');

// --- places (the UAE gazetteer, built at build time from data packages; api/README.md) ---

/** GET /delivery/places?q=&lang=: places whose name (English or Arabic) matches q. */
export const PlacesQuery = z.object({
  q: z.string().trim().min(PLACES_MIN_CHARS, `must be at least ${PLACES_MIN_CHARS} characters`).max(80),
  lang: AnswerLanguage,
});
export type PlacesQuery = z.infer<typeof PlacesQuery>;

export const Place = z.object({
  id: z.string(),
  /** The name in the asked language where the data has it, else the English name. */
  name: z.string(),
  emirate: EmirateCode.nullable(),
  lat: z.number(),
  lng: z.number(),
});
export type Place = z.infer<typeof Place>;

export const PlacesResponse = z.object({ places: z.array(Place).max(PLACES_MAX_RESULTS) });
export type PlacesResponse = z.infer<typeof PlacesResponse>;

/** GET /delivery/area?lat=&lng=&lang=: the pin's area named back to the visitor. */
export const AreaQuery = LatLng.extend({ lang: AnswerLanguage });
export type AreaQuery = z.infer<typeof AreaQuery>;
export const AreaResponse = z.object({
  /** On the UAE's land, or near enough its coast to be taken for it (a pier, a boat). */
  inside_uae: z.boolean(),
  /**
   * On the UAE's land as the map draws it: a point in the water (the sea, a marina, the
   * creek) is not, and the pin does not go there; POST /me/delivery refuses it.
   */
  on_land: z.boolean(),
  emirate: EmirateCode.nullable(),
  /** The nearest named place, when one is near enough to name the area by; null otherwise. */
  place: Place.nullable(),
});
export type AreaResponse = z.infer<typeof AreaResponse>;

// --- coverage (delivery zones with opening hours, seeded in the database) ---

/** A weekly opening period: day 0 = Sunday … 6 = Saturday; closes may be "24:00". */
export const OpeningPeriod = z.object({
  day: z.number().int().min(0).max(6),
  opens: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  closes: z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/),
});
export type OpeningPeriod = z.infer<typeof OpeningPeriod>;

/**
 * GET /delivery/coverage?lat=&lng=: whether the pin can be served now (the server decides from
 * the zones; POST /me/delivery decides again and refuses with the code):
 * - open: a courier can come; eta = now + the zone's minutes (at most the 60-minute promise);
 * - closed: -128 "delivery closed for area": next_opening says when the zone opens again;
 * - unsupported: -401 "delivery unsupported for area": no zone covers the pin (collect in store);
 *   reason "water" when the pin is in the water (the sea, a marina, the creek), zone or not:
 *   the server never takes a point off the UAE's land as drawn.
 */
export const CoverageResponse = z.union([
  z.object({ status: z.literal('open'), zone_id: z.string(), eta: z.string(), promise_minutes: z.number().int().positive() }),
  z.object({ status: z.literal('closed'), code: z.literal(-128), zone_id: z.string(), next_opening: z.string().nullable() }),
  z.object({ status: z.literal('unsupported'), code: z.literal(-401), reason: z.literal('water').optional() }),
]);
export type CoverageResponse = z.infer<typeof CoverageResponse>;

/** GET /delivery/zones: the zones, for the map's coverage layer (and tests). */
export const DeliveryZone = z.object({
  id: z.string(),
  name: z.string(),
  emirate: EmirateCode,
  /** GeoJSON Polygon coordinates: rings of [lng, lat]. */
  polygon: z.array(z.array(z.tuple([z.number(), z.number()]))),
  hours: z.array(OpeningPeriod),
  open_now: z.boolean(),
  next_opening: z.string().nullable(),
  eta_minutes: z.number().int().positive(),
});
export type DeliveryZone = z.infer<typeof DeliveryZone>;
export const ZonesResponse = z.object({ zones: z.array(DeliveryZone) });
export type ZonesResponse = z.infer<typeof ZonesResponse>;

// --- stores ---

/** GET /delivery/stores?lat=&lng=&lang=: stores, nearest first when a point is given. */
export const StoresQuery = z.object({
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  lang: AnswerLanguage,
});
export type StoresQuery = z.infer<typeof StoresQuery>;
export const Store = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  emirate: EmirateCode,
  lat: z.number(),
  lng: z.number(),
  /** Metres from the asked point; null when no point was given. */
  distance_m: z.number().nonnegative().nullable(),
  hours: z.array(OpeningPeriod),
  open_now: z.boolean(),
  /** When it next opens (closed now) or closes (open now); null if never. */
  next_change: z.string().nullable(),
});
export type Store = z.infer<typeof Store>;
export const StoresResponse = z.object({ stores: z.array(Store) });
export type StoresResponse = z.infer<typeof StoresResponse>;

// --- the delivery form (SPEC 3: address, address_2, instructions, phone) ---

export const DELIVERY_FIELD_MAX = { address: 200, address_2: 200, instructions: 300 } as const;

/**
 * POST /me/delivery: the delivery form and the pin. Allowed when the delivery step is (flow
 * contract: a resident with a delivery form, not done, properly logged in). The server checks
 * coverage again (-128 / -401) and the phone with SPEC 5's rules (the kernel's validatePhone).
 */
export const DeliveryBody = z
  .object({
    lat: z.coerce.number().min(-90).max(90),
    lng: z.coerce.number().min(-180).max(180),
    address: z.string().trim().min(1, 'required').max(DELIVERY_FIELD_MAX.address),
    address_2: z.string().trim().max(DELIVERY_FIELD_MAX.address_2).default(''),
    instructions: z.string().trim().max(DELIVERY_FIELD_MAX.instructions).default(''),
    /** Digits only (SPEC 5); a short UAE number carries its 05 prefix. */
    phone: z.string(),
    /** ISO 3166 alpha-2 of the phone's country; AE when not given. */
    phone_country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .default('AE'),
  })
  .strict()
  .superRefine((b, ctx) => {
    const r = validatePhone(b.phone, b.phone_country);
    if (!r.valid) ctx.addIssue({ code: 'custom', path: ['phone'], message: r.message });
  });
export type DeliveryBody = z.infer<typeof DeliveryBody>;

/**
 * POST /me/pickup: collect in store. Allowed on the store pickup route's rule (flow contract:
 * a resident with a delivery form, or a paid physical SIM; properly logged in; not done).
 */
export const PickupBody = z.object({ store_id: z.string().min(1).max(64) }).strict();
export type PickupBody = z.infer<typeof PickupBody>;

// --- the order ---

export const OrderKind = z.enum(['delivery', 'pickup', 'esim']);
export type OrderKind = z.infer<typeof OrderKind>;

/**
 * The order's status. A delivery goes received → preparing → out_for_delivery → delivered, driven
 * by the courier; a pickup received → preparing → ready_for_pickup → collected; an eSIM
 * issued → installed (the provisioning service confirms the download).
 */
export const OrderStatus = z.enum([
  'received',
  'preparing',
  'out_for_delivery',
  'delivered',
  'ready_for_pickup',
  'collected',
  'issued',
  'installed',
]);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const DELIVERY_STATUSES = ['received', 'preparing', 'out_for_delivery', 'delivered'] as const satisfies readonly OrderStatus[];
export const PICKUP_STATUSES = ['received', 'preparing', 'ready_for_pickup', 'collected'] as const satisfies readonly OrderStatus[];
export const ESIM_STATUSES = ['issued', 'installed'] as const satisfies readonly OrderStatus[];

/** The statuses after which nothing changes: the page stops asking. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['delivered', 'collected', 'installed'];

/** The activation code of an eSIM (GSMA SGP.22): LPA:1$<SM-DP+ address>$<matching id>. */
export const ACTIVATION_CODE_PATTERN = /^LPA:1\$[A-Za-z0-9.-]+(:\d+)?\$[A-Z0-9-]+$/;
export function activationCode(smdpAddress: string, matchingId: string): string {
  return `LPA:1$${smdpAddress}$${matchingId}`;
}

export const Esim = z.object({
  activation_code: z.string().regex(ACTIVATION_CODE_PATTERN),
  smdp_address: z.string(),
  matching_id: z.string(),
});
export type Esim = z.infer<typeof Esim>;

export const Order = z.object({
  /** Shown to the visitor and in the e-mail. */
  order_number: z.string(),
  kind: OrderKind,
  status: OrderStatus,
  /** Each status reached, with when. */
  history: z.array(z.object({ status: OrderStatus, at: z.string() })),
  /** A delivery: the expected arrival (ISO); null otherwise or once delivered. */
  eta: z.string().nullable(),
  delivery: z
    .object({ lat: z.number(), lng: z.number(), address: z.string(), address_2: z.string(), instructions: z.string(), phone: z.string() })
    .nullable(),
  store: Store.nullable(),
  esim: Esim.nullable(),
  /** What is left to pay, in fils: on delivery (cash) or at the store; 0 once paid online. */
  amount_due_fils: z.number().int().nonnegative(),
  currency: z.literal(CURRENCY),
  msisdn: z.string(),
  created_at: z.string(),
  /**
   * The verified identity the order is bound to (no SIM without it), shown to the
   * account it was placed for; null to anyone else, and on orders placed before.
   */
  identity: z
    .object({ document_kind: z.enum(['emirates_id', 'passport']), document_number_masked: z.string(), verified_at: z.string() })
    .nullable()
    .default(null),
  /**
   * True when the answer leaves out what only the order's account may read (the eSIM's activation
   * code, the delivery address and phone): the session is a device-id one, or another account's.
   */
  redacted: z.boolean().default(false),
});
export type Order = z.infer<typeof Order>;

/** GET /me/order, POST /me/delivery, POST /me/pickup, POST /me/esim. `order` is null before one exists. */
export const OrderResponse = z.object({ order: Order.nullable() });
export type OrderResponse = z.infer<typeof OrderResponse>;

/**
 * GET and POST /me/preferences as the thank-you page's newsletter box reads them: the visitor's
 * consents (SPEC 3 preferences; the newsletter is 10, the server's one id for it).
 */
export const NewsletterPreferencesResponse = z.object({ preferences: z.array(z.object({ PreferenceID: z.number().int(), Value: z.boolean() })) });
export type NewsletterPreferencesResponse = z.infer<typeof NewsletterPreferencesResponse>;
