import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiHeaders } from './api-as-visitor';
import { latestCode, uniqueEmail } from './outbox';
import { framesFor, type FacePrompt } from './face-frames';
import { fixture } from './fixtures';
import { ShellPage } from './shell';

/**
 * A visitor put at a later step through the API, as the API tests do (and as the page itself would:
 * the same calls in the same order, the server enforcing the flow contract at each), then handed to
 * the browser. A spec about the payment or the delivery starts there instead of walking the plan,
 * number, account, location and identity screens again: each of those is walked in Chromium by its
 * own spec (walk, account, location, identity-*), and here takes about a second instead of twenty.
 *
 * Every call is checked: a refusal names the call and the server's answer, so a broken early step
 * fails here loudly rather than as a strange page later.
 */
export const TOURIST_CHEAPEST = 187;
/** The dearest tourist plan: within the buy-now-pay-later provider's AED 50 minimum. */
export const TOURIST_DEAREST = 207;

const DUBAI = { lat: '25.20480', lng: '55.27080' };

export type Stage =
  /** Plan saved and a random number held and confirmed: the visitor is at /login. */
  | 'login'
  /** Logged in with a new account (an e-mailed code): at /location_check. */
  | 'location_check'
  /** Inside the UAE (Dubai): at /activation_method. */
  | 'activation_method'
  /** Residency and SIM type answered, the document read and the face matched: at the details to confirm (checkRoute(visitor, 'face')). */
  | 'details'
  /** The details confirmed, the authority's decision recorded: at /payment, or /submit_delivery for a resident's physical SIM. */
  | 'verified';

export interface Identity {
  residency: 'resident' | 'non_resident';
  sim: 'esim' | 'physical';
  /** The fixture files of the document's sides, in order (a passport's data page, or an Emirates ID's front and back). */
  document: readonly string[];
  /**
   * The document holder's live camera feed (e2e/fixtures/identity): its frames answer the face
   * challenge's prompt (pages/face-frames.ts), as the page answers it from the same feed.
   */
  faceFeed: string;
}

export const VISITOR_WITH_PASSPORT: Identity = { residency: 'non_resident', sim: 'esim', document: ['passport-visitor.jpg'], faceFeed: 'camera-selfie-hopper.mjpeg' };
export const RESIDENT_WITH_EMIRATES_ID: Identity = {
  residency: 'resident',
  sim: 'physical',
  document: ['eid-resident-front.jpg', 'eid-resident-back.jpg'],
  faceFeed: 'camera-selfie-collins.mjpeg',
};

/**
 * The identity check's screens on each path (mfe-identity/src/verification/paths.ts): a
 * resident's Emirates ID under /activation_method, a visitor's passport under /id_check. Opened on
 * the other path's screen, a visitor who has answered is asked the residency question again ("First,
 * tell us whether you live in the UAE"): the server takes documents only of the kind the answer
 * says. A spec opens a prepared visitor's check with checkRoute, never a path's literal route.
 */
export const CHECK_ROUTES = {
  resident: { document: '/activation_method/scan_document', upload: '/activation_method/upload_document', face: '/activation_method/scan_face' },
  non_resident: { document: '/id_check', upload: '/id_check/upload', face: '/id_check/face' },
} as const satisfies Record<Identity['residency'], Record<'document' | 'upload' | 'face', string>>;

export interface PreparedVisitor {
  deviceId: string;
  sessionId: string;
  uid: string;
  email: string;
  /** The held number, as the page shows it (05x xxx xxxx without spaces). */
  number: string;
  /** Who the visitor is at the identity check (the one answered and sent from 'details' on). */
  identity: Identity;
}

/** The route of a screen of the prepared visitor's own identity path (CHECK_ROUTES). */
export const checkRoute = (visitor: Pick<PreparedVisitor, 'identity'>, screen: keyof (typeof CHECK_ROUTES)['resident']): string =>
  CHECK_ROUTES[visitor.identity.residency][screen];

interface Options {
  stage: Stage;
  product?: number;
  email?: string;
  identity?: Identity;
  /**
   * A retail customer on the shop device whose cookie jar `request` is (`page.request` after
   * shopDevice in pages/retail.ts): the session is started by POST /retail/customer-sessions, and
   * the retail flow has no location check.
   */
  retail?: boolean;
}

/** Calls of one visitor: the SPEC 7 headers with its device and current session, form bodies. */
function visitorApi(request: APIRequestContext, deviceId: string) {
  let sessionId: string | undefined;
  const must = async <T>(what: string, response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    const text = await response.text();
    expect(response.status(), `${what}: ${text}`).toBe(200);
    return (text ? JSON.parse(text) : null) as T;
  };
  return {
    get session() {
      return sessionId;
    },
    set session(s: string | undefined) {
      sessionId = s;
    },
    get: <T>(path: string) => request.get(`/api${path}`, { headers: apiHeaders(deviceId, sessionId) }).then((r) => must<T>(`GET ${path}`, r)),
    post: <T>(path: string, form: Record<string, string | number> = {}) =>
      request.post(`/api${path}`, { headers: apiHeaders(deviceId, sessionId), form }).then((r) => must<T>(`POST ${path}`, r)),
    upload: <T>(path: string, fields: Record<string, string>, file: string) =>
      request
        .post(`/api${path}`, {
          headers: apiHeaders(deviceId, sessionId),
          multipart: { ...fields, image: { name: file, mimeType: 'image/jpeg', buffer: readFileSync(fixture(file)) } },
        })
        .then((r) => must<T>(`POST ${path} (${file})`, r)),
    /** Several files of one field (`frame`): Playwright's multipart takes one per name, so the body is built here. */
    uploadFrames: <T>(path: string, fields: Record<string, string>, frames: readonly Buffer[], what: string) => {
      const boundary = `----join-e2e-${crypto.randomUUID()}`;
      const parts = [
        ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
        ...frames.flatMap((frame, i) => [
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="frame"; filename="frame-${i + 1}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
          frame,
          Buffer.from('\r\n'),
        ]),
        Buffer.from(`--${boundary}--\r\n`),
      ];
      return request
        .post(`/api${path}`, { headers: { ...apiHeaders(deviceId, sessionId), 'content-type': `multipart/form-data; boundary=${boundary}` }, data: Buffer.concat(parts) })
        .then((r) => must<T>(`POST ${path} (${what})`, r));
    },
  };
}

interface Product {
  ProductCode: number;
  AvailablePlans: { ID: string | number }[];
}
type Details = Record<string, string | null>;

type VisitorApi = ReturnType<typeof visitorApi>;

/** Residency and SIM answered, the document's sides sent, the face challenge answered: the details as the authority read them. */
async function answerIdentity(api: VisitorApi, identity: Identity): Promise<Details> {
  await api.post('/me/activation_method', { resident_type: identity.residency, sim_type: identity.sim });
  const sides = identity.residency === 'resident' ? ['front', 'back'] : ['data_page'];
  let details: Details | null = null;
  for (const [i, file] of identity.document.entries()) {
    ({ details } = await api.upload<{ details: Details | null }>('/identity/document', { side: sides[i]!, source: 'upload' }, file));
  }
  if (!details) throw new Error(`the document ${identity.document.join(' + ')} was read without details`);
  // The face: the server's challenge, answered with frames of the holder's feed that follow its prompt.
  const { nonce, prompt } = await api.post<{ nonce: string; prompt: FacePrompt }>('/identity/face/challenge');
  await api.uploadFrames('/identity/face', { nonce }, framesFor(identity.faceFeed, prompt), `${identity.faceFeed} ${prompt}`);
  return details;
}

/** The details as read, unchanged (null fields are left out of a form, as the page leaves them). */
async function confirmDetails(api: VisitorApi, details: Details): Promise<void> {
  await api.post('/me/id_details', Object.fromEntries(Object.entries(details).filter((e): e is [string, string] => e[1] !== null)));
}

/** The API as the visitor whose session the page holds (its device and session from its storage). */
async function pageVisitorApi(page: Page): Promise<VisitorApi> {
  const stored = await page.evaluate(() => localStorage.getItem('join.session.v1'));
  const { deviceId, sessionId } = JSON.parse(stored ?? '{}') as { deviceId?: string; sessionId?: string };
  if (!deviceId || !sessionId) throw new Error(`the page holds no session: ${stored}`);
  const api = visitorApi(page.request, deviceId);
  api.session = sessionId;
  return api;
}

/**
 * The identity check of the session the page holds, answered through the API as prepareVisitor
 * answers it, the details confirmed: the page's visitor is verified, at /payment after a reload.
 * For a walk that covers the steps before and after the check, which the identity-* specs walk on
 * screen.
 */
export async function verifyPageVisitor(page: Page, identity: Identity = VISITOR_WITH_PASSPORT): Promise<void> {
  const api = await pageVisitorApi(page);
  await confirmDetails(api, await answerIdentity(api, identity));
}

/**
 * The same, short of the confirmation: the document and the face of the page's session answered,
 * so that after a reload the page shows the details to confirm (the per-step benchmark clicks the
 * check's own primary action, perf/step-timings.mjs).
 */
export async function answerPageVisitor(page: Page, identity: Identity = VISITOR_WITH_PASSPORT): Promise<void> {
  await answerIdentity(await pageVisitorApi(page), identity);
}

export async function prepareVisitor(request: APIRequestContext, { stage, product = TOURIST_CHEAPEST, email = uniqueEmail('prepared'), identity = VISITOR_WITH_PASSPORT, retail = false }: Options): Promise<PreparedVisitor> {
  if (retail && stage === 'location_check') throw new Error('the retail flow has no location check');
  const deviceId = crypto.randomUUID();
  const api = visitorApi(request, deviceId);
  let { session_id: sessionId, profile } = await api.post<{ session_id: string; profile: { uid: string } }>(
    retail ? '/retail/customer-sessions' : '/securitymanagement/login_by_device_id',
  );
  api.session = sessionId;

  // The plan step's save sequence (SPEC 4), then a random number held and confirmed (the number step's).
  const { products } = await api.get<{ products: Product[] }>('/products/available?category=tourist');
  const chosen = products.find((p) => p.ProductCode === product);
  if (!chosen) throw new Error(`no tourist product ${product} in ${products.map((p) => p.ProductCode).join(', ')}`);
  await api.post('/plans/saved_plans', { product_code: product, plan_ids: chosen.AvailablePlans.map((p) => p.ID).join(',') });
  await api.post('/products/save', { product_code: product });
  await api.post('/me/flow_status', { key: 13 });
  const offered = JSON.stringify(await api.post('/numbers/random', { count: 1 }));
  const msisdn = /971\d{9}/.exec(offered)?.[0];
  if (!msisdn) throw new Error(`no number offered: ${offered}`);
  await api.post('/numbers', { number: msisdn });
  await api.post('/me/flow_status', { key: 5 });
  await api.post('/numbers/commit_number');
  const number = `0${msisdn.slice(3)}`;
  const done = () => ({ deviceId, sessionId, uid: profile.uid, email, number, identity });
  if (stage === 'login') return done();

  // A new account by an e-mailed code (read from the mail sandbox's outbox): the session is upgraded.
  const since = Date.now() - 1000;
  await api.post('/securitymanagement/send_verification_code', { email });
  const code = await latestCode(request, email, since);
  ({ session_id: sessionId, profile } = await api.post<{ session_id: string; profile: { uid: string } }>('/securitymanagement/validate_verification_code', { email, code }));
  api.session = sessionId;
  if (stage === 'location_check') return done();

  if (!retail) await api.get(`/securitymanagement/check_location.json?lat=${DUBAI.lat}&lng=${DUBAI.lng}&process_id=1`);
  if (stage === 'activation_method') return done();

  const details = await answerIdentity(api, identity);
  if (stage === 'details') return done();

  await confirmDetails(api, details);
  return done();
}

/**
 * The browser takes the prepared visitor's device and session (what the page keeps in storage,
 * SPEC 9) and opens `route`: the host loads the flow status and the state from the server as after
 * any reload. The storage is written once, on the product's origin, so later reloads and the
 * language switch keep what the page itself stores.
 */
export async function openAs(page: Page, visitor: PreparedVisitor, route: string, language: 'en' | 'ar' = 'en'): Promise<ShellPage> {
  await page.goto('/api/biz_config/app');
  await page.evaluate(
    ([s, lang]) => {
      localStorage.setItem('join.session.v1', JSON.stringify({ deviceId: s.deviceId, sessionId: s.sessionId, uid: s.uid, accountNumber: null, language: lang, gclid: null }));
    },
    [visitor, language] as const,
  );
  await page.goto(`/#${route}`);
  return new ShellPage(page);
}
