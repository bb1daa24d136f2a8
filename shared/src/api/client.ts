import { nextTask } from '../next-task';
import { FetchError, ofetch } from 'ofetch';
import type { z } from 'zod';
import { API_VERSION, BIZ_CONFIG_API_VERSION, CHANNEL, DEVICE_OS } from '../constants';
import { ApiErrorBody, Session } from '../schemas/entities';
import { ApiError, isApiError } from '../errors/api-error';
import { LOGOUT_CODES, SESSION_RECOVERY_CODE } from '../errors/codes';
import { bus } from '../bus';
import { serverFlowContextAtom, sessionAtom, store, updateSession, wipeSession, type Store } from '../store';
import { bootAnswerKey } from '../step-contract';

/**
 * The one configured API client (SPEC 7): the operator headers on every call,
 * form-encoded bodies, responses parsed with the contract schemas, and one error path
 * to ApiError. Session codes are handled here once: -27 recovers the session by
 * device-id login and retries (no pop-up); -7104, -7043, -199 (and a -27 that cannot be
 * recovered) end the session.
 */
export type Query = Record<string, string | number | boolean | undefined>;
export type FormBody = Record<string, string | number | boolean | readonly (string | number)[] | undefined>;

export interface RequestOptions<S extends z.ZodType> {
  schema: S;
  query?: Query;
  /**
   * Form-encoded fields (SPEC 7: the default), or a multipart FormData for file uploads (the
   * identity documents and the face photo), sent as it is with the browser's own boundary.
   */
  body?: FormBody | FormData;
  /** Calls made before a session exists (login, config, translations). */
  anonymous?: boolean;
  headers?: Record<string, string>;
  /** Payment POSTs: never retried automatically, carry an idempotency key. */
  idempotencyKey?: string;
  /**
   * The call changes the flow-status flags or the flow context (a saved plan, a login, a placed
   * order...). Once the server has answered it, and before the call resolves, the client hands
   * the answer to its flow-change listeners (the kernel's flow-status query, query/flow-status.ts),
   * so whoever awaits the call reads current flags. A refusal with an API error code is handed on
   * too (as no answer): the server may have recorded what it refused, such as a terminated e-mail.
   */
  changesFlow?: boolean;
  /** The answer is a login: its `session_id` is the session from now on (the server revoked the one before). */
  opensSession?: boolean;
}

/**
 * Told after a call that changes the flow: `answer` is the server's answer, undefined after a
 * refusal. The call resolves (or rejects) once every listener has settled.
 */
export type FlowChangeListener = (answer: unknown) => Promise<void>;

/** The whole-number fields of an error body (retry_after_s, attempts_left...), nothing else. */
function numericDetails(data: unknown): Record<string, number> {
  if (typeof data !== 'object' || data === null) return {};
  return Object.fromEntries(Object.entries(data).filter((e): e is [string, number] => Number.isSafeInteger(e[1]) && e[0] !== 'code'));
}

export function encodeForm(body: FormBody): URLSearchParams {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined) continue;
    form.append(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  return form;
}

/** SPEC 7: the gclid header goes with the logins (e-mail, device id) and the social login. */
const isGclidPath = (path: string): boolean =>
  path.startsWith('/securitymanagement/login') || path === '/securitymanagement/social_login';

export interface ApiClient {
  request<S extends z.ZodType>(method: 'GET' | 'POST' | 'DELETE', path: string, opts: RequestOptions<S>): Promise<z.infer<S>>;
  loginByDeviceId(): Promise<Session>;
  /** Adds a listener to the calls that change the flow (RequestOptions.changesFlow); returns its removal. */
  onFlowChange(listener: FlowChangeListener): () => void;
  /**
   * Answers the page carried (the boot payload's `answers`, by bootAnswerKey): the next GET of
   * that path, query and language is served from here once, checked with its schema, instead of
   * asking the server. An answer its schema refuses is dropped and the call goes to the server.
   */
  preload(answers: Readonly<Record<string, unknown>>): void;
}

export function createApiClient(config: { baseURL?: string; store?: Store; fetchImpl?: typeof fetch } = {}): ApiClient {
  const st = config.store ?? store;
  const $fetch = ofetch.create(
    { baseURL: config.baseURL ?? '/api', retry: 0 },
    config.fetchImpl ? { fetch: config.fetchImpl } : {},
  );
  let recovering: Promise<Session> | null = null;
  const flowListeners = new Set<FlowChangeListener>();
  const preloaded = new Map<string, unknown>();

  /**
   * The page's answer to this GET, once; undefined when it has none (or none its schema accepts).
   * Checked in a task of its own, as an answer from the network would be: the start-up asks for
   * several at once (the translations' 48 KB among them), and one task checking them all was a
   * long task on a phone.
   */
  async function takePreloaded<S extends z.ZodType>(path: string, opts: RequestOptions<S>): Promise<{ value: z.infer<S> } | undefined> {
    if (preloaded.size === 0) return undefined;
    const key = bootAnswerKey(path, opts.query, st.get(sessionAtom).language);
    if (!preloaded.has(key)) return undefined;
    const answer = preloaded.get(key);
    preloaded.delete(key);
    await nextTask();
    const parsed = opts.schema.safeParse(answer);
    return parsed.success ? { value: parsed.data } : undefined;
  }

  function headersFor(opts: { headers?: Record<string, string>; idempotencyKey?: string }, withGclid: boolean) {
    const s = st.get(sessionAtom);
    const h: Record<string, string> = {
      'api-version': API_VERSION,
      language: s.language,
      channel: CHANNEL,
      'device-id': s.deviceId,
      'device-os': DEVICE_OS,
    };
    if (s.sessionId) h['session-id'] = s.sessionId;
    if (s.accountNumber) h['account-number'] = s.accountNumber;
    if (withGclid && s.gclid) h.gclid = s.gclid;
    if (opts.idempotencyKey) h['idempotency-key'] = opts.idempotencyKey;
    return { ...h, ...opts.headers };
  }

  function toApiError(err: unknown): ApiError {
    if (err instanceof ApiError) return err;
    if (err instanceof FetchError) {
      const body = ApiErrorBody.safeParse(err.data);
      if (body.success) {
        return new ApiError(body.data.message, {
          code: body.data.code,
          status: err.statusCode ?? null,
          ...(body.data.field ? { field: body.data.field } : {}),
          details: numericDetails(err.data),
          cause: err,
        });
      }
      return new ApiError(err.statusCode ? `HTTP ${err.statusCode}` : 'Network error', {
        code: null,
        status: err.statusCode ?? null,
        cause: err,
      });
    }
    return new ApiError('Unexpected response', { code: null, status: null, cause: err });
  }

  async function raw<S extends z.ZodType>(method: string, path: string, opts: RequestOptions<S>): Promise<z.infer<S>> {
    const isLogin = isGclidPath(path);
    let data: unknown;
    try {
      data = await $fetch(path, {
        method,
        headers: headersFor(opts, isLogin),
        ...(opts.query ? { query: opts.query } : {}),
        ...(opts.body ? { body: opts.body instanceof FormData ? opts.body : encodeForm(opts.body) } : {}),
      });
    } catch (err) {
      throw toApiError(err);
    }
    const parsed = opts.schema.safeParse(data);
    if (!parsed.success) {
      throw new ApiError(`Response of ${method} ${path} does not match the contract`, {
        code: null,
        status: 200,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  async function loginByDeviceId(): Promise<Session> {
    // Several calls may see -27 at once: one login serves them all.
    // A visitor's login: never `is_retail`. A shop device starts its customers' sessions through
    // the retail calls (@join/shared/retail), with the staff sign-in the server checks.
    recovering ??= raw('POST', '/securitymanagement/login_by_device_id', { schema: Session, anonymous: true })
      .then((session) => {
        updateSession({ sessionId: session.session_id, uid: session.profile.uid }, st);
        return session;
      })
      .finally(() => {
        recovering = null;
      });
    return recovering;
  }

  function endSession(code: number | null) {
    wipeSession();
    bus.emit('session:ended', { code });
  }

  async function send<S extends z.ZodType>(method: 'GET' | 'POST' | 'DELETE', path: string, opts: RequestOptions<S>): Promise<z.infer<S>> {
    try {
      return await raw(method, path, opts);
    } catch (e) {
      const err = toApiError(e);
      if (err.code === SESSION_RECOVERY_CODE && !opts.anonymous && !opts.idempotencyKey) {
        // A shop device's customer is never carried on as a visitor by a silent device-id login:
        // the session ends, and the host wipes the customer and returns to the retail start.
        if (st.get(serverFlowContextAtom)?.retail === true) {
          endSession(SESSION_RECOVERY_CODE);
          throw err;
        }
        try {
          await loginByDeviceId();
        } catch {
          endSession(SESSION_RECOVERY_CODE);
          throw err;
        }
        return raw(method, path, opts);
      }
      if (typeof err.code === 'number' && LOGOUT_CODES.includes(err.code)) endSession(err.code);
      throw err;
    }
  }

  async function flowChanged(answer: unknown): Promise<void> {
    await Promise.allSettled([...flowListeners].map((listener) => listener(answer)));
  }

  async function request<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    opts: RequestOptions<S>,
  ): Promise<z.infer<S>> {
    const fromPage = method === 'GET' ? await takePreloaded(path, opts) : undefined;
    if (fromPage) return fromPage.value;
    let answer: z.infer<S>;
    try {
      answer = await send(method, path, opts);
    } catch (err) {
      // A refusal (not a lost connection, not an ended session) may have changed the flow too.
      const refused = isApiError(err) && err.code !== null && err.code !== SESSION_RECOVERY_CODE && !(typeof err.code === 'number' && LOGOUT_CODES.includes(err.code));
      if (opts.changesFlow && refused) await flowChanged(undefined);
      throw err;
    }
    if (opts.opensSession) {
      const sessionId = (answer as { session_id?: unknown }).session_id;
      if (typeof sessionId === 'string') updateSession({ sessionId }, st);
    }
    if (opts.changesFlow) await flowChanged(answer);
    return answer;
  }

  function onFlowChange(listener: FlowChangeListener): () => void {
    flowListeners.add(listener);
    return () => void flowListeners.delete(listener);
  }

  function preload(answers: Readonly<Record<string, unknown>>): void {
    for (const [key, answer] of Object.entries(answers)) preloaded.set(key, answer);
  }

  return { request, loginByDeviceId, onFlowChange, preload };
}

/** The page's client. */
export const apiClient: ApiClient = createApiClient();

/** Headers of the business-config call (SPEC 7: api version v1, device os web, no-cache). */
export const BIZ_CONFIG_HEADERS = { 'api-version': BIZ_CONFIG_API_VERSION, 'device-os': DEVICE_OS, 'cache-control': 'no-cache' };
