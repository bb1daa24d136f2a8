import { apiClient, PREFERENCE_IDS, type ApiClient } from '@join/shared';
import {
  AreaResponse,
  CoverageResponse,
  NewsletterPreferencesResponse,
  OrderResponse,
  PlacesResponse,
  StoresResponse,
  ZonesResponse,
  type DeliveryBody,
} from './schemas';

type Lang = 'en' | 'ar';

/**
 * The delivery calls over the page's one client. The geography calls (places, area, coverage,
 * zones, stores) are public reads; the order calls act on the session's user and are guarded by
 * the flow contract on the server.
 */
export const deliveryEndpoints = (c: ApiClient = apiClient) => ({
  places: (q: string, lang: Lang) => c.request('GET', '/delivery/places', { schema: PlacesResponse, query: { q, lang } }),
  area: (lat: number, lng: number, lang: Lang) =>
    c.request('GET', '/delivery/area', { schema: AreaResponse, query: { lat: String(lat), lng: String(lng), lang } }),
  coverage: (lat: number, lng: number) =>
    c.request('GET', '/delivery/coverage', { schema: CoverageResponse, query: { lat: String(lat), lng: String(lng) } }),
  zones: () => c.request('GET', '/delivery/zones', { schema: ZonesResponse }),
  stores: (lang: Lang, near?: { lat: number; lng: number }) =>
    c.request('GET', '/delivery/stores', {
      schema: StoresResponse,
      query: near ? { lat: String(near.lat), lng: String(near.lng), lang } : { lang },
    }),
  submitDelivery: (body: DeliveryBody) => c.request('POST', '/me/delivery', { schema: OrderResponse, body, changesFlow: true }),
  pickup: (storeId: string) => c.request('POST', '/me/pickup', { schema: OrderResponse, body: { store_id: storeId }, changesFlow: true }),
  /** Issues the eSIM of a paid eSIM order (once; again answers the same order). */
  issueEsim: () => c.request('POST', '/me/esim', { schema: OrderResponse, body: {}, changesFlow: true }),
  order: () => c.request('GET', '/me/order', { schema: OrderResponse }),
  /** The visitor's consents, for the newsletter box to show the answer already given. */
  preferences: () => c.request('GET', '/me/preferences', { schema: NewsletterPreferencesResponse }),
  /**
   * The newsletter opt-in (SPEC 3: 3 in configuration, 10 in the preference helper). The page
   * sends the helper's 10; the server takes 3 as its alias and keeps one answer under 10.
   */
  setNewsletter: (value: boolean) =>
    c.request('POST', '/me/preferences', { schema: NewsletterPreferencesResponse, body: { PreferenceID: PREFERENCE_IDS.newsletterHelper, Value: String(value) } }),
});

export type DeliveryEndpoints = ReturnType<typeof deliveryEndpoints>;
/** The delivery calls over the page's client (what the delivery pages use; tests spy on it). */
export const deliveryApi: DeliveryEndpoints = deliveryEndpoints();
