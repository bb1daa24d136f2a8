import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fulfilmentCommonRoutes } from '../fulfilment-css';
import { pageLanguage } from '../texts';
import { apiAndPageErrors, iso, lazy, requireBody, requireIdempotencyKey, sandboxApp, sendMade, sendPage } from '../sandbox-app';
import { startOnOwnOrigin, type RunningSandbox } from '../listen';
import { installPage, notFoundPage, profilesPage, type DownloadError } from './pages';
import { PROFILE_TTL_MS, ProfileStore, REJECT_MSISDN_SUFFIX, type Profile } from './profiles';
import { requireBearer } from '../bearer';

/**
 * The eSIM provisioning sandbox, shaped like an SM-DP+ operator API, on its own origin.
 *
 * The operator's side (every /v1/profiles call needs `Authorization: Bearer <key>`, 401 otherwise):
 *   POST /v1/profiles        (Idempotency-Key) { msisdn, reference } -> 201 a released profile | 422 rejected
 *   GET  /v1/profiles/:id    the profile now: released | installed | expired
 * The phone's side (no key: a phone's LPA knows only the activation code):
 *   POST /v1/download        { activation_code } -> 200 installed | 400 | 404 | 409 | 410
 * For a human (?lang=en|ar, plain forms, no script):
 *   GET  /install[?code=]    type or paste an activation code; POST /install installs it
 *   GET  /                   the profiles issued
 */
export interface EsimSandboxOptions {
  apiKey: string;
  /** This SM-DP+'s address as activation codes name it (host:port); a function when the port is known only after listen. */
  smdpAddress: string | (() => string);
  /** 0 (the default): off; else a released profile installs itself this long after it was issued. */
  autoInstallMs?: number;
  /** How long a released profile may wait for its download (30 days). */
  profileTtlMs?: number;
  now?: () => number;
  logger?: boolean;
}

export const CreateProfileBody = z.strictObject({
  /** The number the profile carries: a UAE mobile number, digits with the country code. */
  msisdn: z.string().regex(/^971\d{9}$/, 'must be a UAE mobile number: 971 and 9 digits'),
  reference: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1 to 64 letters, digits, _ . : or -'),
});
const DownloadBody = z.strictObject({ activation_code: z.string().max(500) });
const InstallForm = z.object({ activation_code: z.string().max(500), lang: z.string().max(10).optional() });

const ProfileId = z.string().regex(/^prf_[0-9a-f]{24}$/);

/** LPA:1$<SM-DP+ address>$<matching id> (GSMA SGP.22); the prefix and the id read in any case. */
const ACTIVATION_CODE = /^LPA:1\$([A-Za-z0-9.-]+(?::\d{1,5})?)\$([A-Za-z0-9-]{1,64})$/i;

export function parseActivationCode(raw: string): { address: string; matchingId: string } | null {
  const match = ACTIVATION_CODE.exec(raw.trim());
  if (!match?.[1] || !match[2]) return null;
  return { address: match[1].toLowerCase(), matchingId: match[2].toUpperCase() };
}


type Download = { ok: true; profile: Profile } | { ok: false; kind: DownloadError; address?: string; profile?: Profile };

const DOWNLOAD_ERRORS: Record<DownloadError, { status: number; message: string }> = {
  invalid_activation_code: { status: 400, message: 'not an activation code: LPA:1$<SM-DP+ address>$<matching id>' },
  wrong_smdp_address: { status: 400, message: 'the activation code names another SM-DP+' },
  unknown_matching_id: { status: 404, message: 'no profile was issued with this matching id' },
  already_installed: { status: 409, message: 'the profile is already installed; an activation code is used once' },
  expired: { status: 410, message: 'the activation code has expired; order a new profile' },
};

export async function buildEsimApp(options: EsimSandboxOptions): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const smdpAddress = lazy(options.smdpAddress);
  const store = new ProfileStore(now, options.autoInstallMs ?? 0, options.profileTtlMs ?? PROFILE_TTL_MS);
  const app = await sandboxApp({ logger: options.logger });

  const view = (p: Profile) => ({
    id: p.id,
    msisdn: p.msisdn,
    reference: p.reference,
    state: store.state(p),
    smdp_address: smdpAddress(),
    matching_id: p.matchingId,
    activation_code: `LPA:1$${smdpAddress()}$${p.matchingId}`,
    created_at: iso(p.createdAt),
    expires_at: iso(p.expiresAt),
    installed_at: iso(p.installedAt),
  });

  const download = (raw: string): Download => {
    const code = parseActivationCode(raw);
    if (!code) return { ok: false, kind: 'invalid_activation_code' };
    if (code.address !== smdpAddress().toLowerCase()) return { ok: false, kind: 'wrong_smdp_address', address: code.address };
    const outcome = store.download(code.matchingId);
    if (outcome.kind === 'unknown') return { ok: false, kind: 'unknown_matching_id' };
    if (outcome.kind === 'installed') return { ok: true, profile: outcome.profile };
    return { ok: false, kind: outcome.kind, profile: outcome.profile };
  };

  requireBearer(app, '/v1/profiles', options.apiKey, { error: 'unauthorized', message: 'a valid API key is required (Authorization: Bearer <key>)' });
  // Never echo the body: it carries a customer's address and phone (the courier), a number (the eSIM service).
  apiAndPageErrors(app, {
    apiPrefix: '/v1/',
    apiError: (status) => (status === 500 ? { error: 'internal_error' } : { error: 'invalid_request', message: 'the body must be JSON' }),
    apiNotFound: { error: 'not_found', message: 'no such resource' },
    errorPage: (reply, status) => sendPage(reply, status, installPage('en', smdpAddress(), { error: { kind: 'invalid_activation_code' } })),
    notFoundPage: (reply) => sendPage(reply, 404, notFoundPage('en')),
  });

  fulfilmentCommonRoutes(app);

  // --- the operator's side -------------------------------------------------------------------

  app.post('/v1/profiles', async (request, reply) => {
    const key = requireIdempotencyKey(request, reply);
    const body = key === null ? null : requireBody(CreateProfileBody, request, reply);
    if (key === null || body === null) return reply;
    const outcome = store.create(key, body);
    switch (outcome.kind) {
      case 'key_reused':
        return reply.code(422).send({ error: 'idempotency_key_reused', message: 'this Idempotency-Key was used with another request' });
      case 'rejected':
        return reply.code(422).send({ status: 'rejected', reason: 'msisdn_not_provisionable', message: 'this number cannot be provisioned as an eSIM' });
      case 'replayed':
      case 'created':
        return sendMade(reply, 201, outcome.kind === 'replayed', view(outcome.profile));
    }
  });

  app.get('/v1/profiles/:id', async (request, reply) => {
    const id = ProfileId.safeParse((request.params as { id: string }).id);
    const profile = id.success ? store.get(id.data) : undefined;
    return profile ? reply.send(view(profile)) : reply.code(404).send({ error: 'not_found', message: 'no such profile' });
  });

  // --- the phone's side ----------------------------------------------------------------------

  app.post('/v1/download', async (request, reply) => {
    const body = DownloadBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid_request', message: 'body: { activation_code }' });
    const result = download(body.data.activation_code);
    if (result.ok) return reply.send({ state: 'installed', profile: view(result.profile) });
    const { status, message } = DOWNLOAD_ERRORS[result.kind];
    return reply.code(status).send({ error: result.kind, message });
  });

  // --- the pages -----------------------------------------------------------------------------

  app.get('/', async (request, reply) => sendPage(reply, 200, profilesPage(pageLanguage((request.query as { lang?: unknown }).lang), store, REJECT_MSISDN_SUFFIX)));

  app.get('/install', async (request, reply) => {
    const query = request.query as { lang?: unknown; code?: unknown };
    const code = typeof query.code === 'string' ? query.code.slice(0, 500) : undefined;
    return sendPage(reply, 200, installPage(pageLanguage(query.lang), smdpAddress(), code ? { code } : {}));
  });

  app.post('/install', async (request, reply) => {
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const lang = pageLanguage(raw.lang);
    const form = InstallForm.safeParse(raw);
    if (!form.success) return sendPage(reply, 400, installPage(lang, smdpAddress(), { error: { kind: 'invalid_activation_code' } }));
    const code = form.data.activation_code.trim();
    const result = download(code);
    if (result.ok) return sendPage(reply, 200, installPage(lang, smdpAddress(), { installed: result.profile }));
    return sendPage(reply, DOWNLOAD_ERRORS[result.kind].status, installPage(lang, smdpAddress(), { code, error: { kind: result.kind, ...(result.address ? { address: result.address } : {}) } }));
  });

  return app;
}

export type RunningEsimSandbox = RunningSandbox & { smdpAddress: string };

/** Listens on its port (0: any free one); its SM-DP+ address is the host:port it is reached at. */
export async function startEsimSandbox(options: Omit<EsimSandboxOptions, 'smdpAddress'> & { port: number; smdpAddress?: string }): Promise<RunningEsimSandbox> {
  const running = await startOnOwnOrigin((url) => buildEsimApp({ ...options, smdpAddress: options.smdpAddress ?? (() => new URL(url()).host) }), options.port);
  return { ...running, smdpAddress: options.smdpAddress ?? new URL(running.url).host };
}
