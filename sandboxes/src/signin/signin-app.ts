import type { FastifyInstance, FastifyReply } from 'fastify';
import { SignJWT } from 'jose';
import { z } from 'zod';
import { findSigninAccount, subjectFor, type SigninAccount } from './accounts';
import { publicFile } from '../public-files';
import type { SigninClients } from './clients';
import type { SigninKeys } from './keys';
import { chooserPage, errorPage, resultPage, type AuthorizeRequest, type ChooserState } from './pages';
import { languageOf, type SigninErrorReason, type SigninLanguage } from './texts';
import { startOnOwnOrigin } from '../listen';
import { lazy, sandboxApp, sendPage, serveFile } from '../sandbox-app';

/**
 * The sign-in provider sandbox: an OpenID-Connect-shaped provider on its own port that acts
 * like Google's popup sign-in, so the product's Google login runs end to end offline.
 *
 *   GET  /.well-known/openid-configuration   discovery (issuer, authorization_endpoint, jwks_uri)
 *   GET  /jwks                                the public signing key
 *   GET  /authorize?client_id&redirect_uri&response_type=id_token&response_mode=web_message
 *        &scope=openid email profile&nonce&state&ui_locales
 *                                            the account chooser (or an error page)
 *   POST /authorize/choose                    signs the ID token (RS256) and answers the page
 *                                            that posts it to window.opener at the client's origin
 *
 * The API verifies its tokens with the very code it uses for Google (auth/jose-verifier.ts).
 */
export interface SigninSandboxOptions {
  /** The sandbox's own URL (its tokens' `iss`); a function when the port is known only after listen. */
  issuer: string | (() => string);
  clients: SigninClients;
  keys: SigninKeys;
  now?: () => number;
  /** Lifetime of an ID token (Google's are an hour; ten minutes is plenty here). */
  tokenTtlS?: number;
  logger?: boolean;
}

export const ID_TOKEN_TTL_S = 600;


const optionalText = (max: number) => z.string().max(max).optional();

/** The authorization request, as OpenID Connect's implicit flow names it (unknown parameters are ignored, as providers do). */
const AuthorizeQuery = z.object({
  client_id: z.string().min(1).max(128),
  redirect_uri: z.string().min(1).max(2000),
  response_type: z.string().max(100),
  response_mode: optionalText(100),
  scope: z.string().max(500),
  nonce: optionalText(512),
  state: optionalText(1024),
  ui_locales: optionalText(200),
});
type AuthorizeQuery = z.infer<typeof AuthorizeQuery>;

const ChooseBody = AuthorizeQuery.pick({ client_id: true, redirect_uri: true, nonce: true, state: true, ui_locales: true }).extend({
  account: optionalText(254),
  email: optionalText(1000),
  name: optionalText(1000),
  cancel: optionalText(10),
});

/** The e-mail rule of SPEC 5 (local@domain with a top-level domain of two or more letters). */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/;
const NAME_FORBIDDEN = /[<>]/;

class AuthorizeError extends Error {
  constructor(readonly reason: SigninErrorReason) {
    super(reason);
  }
}

function registeredOrigin(clients: SigninClients, clientId: string, redirectUri: string): string {
  const origins = clients.get(clientId);
  if (!origins) throw new AuthorizeError('unknown_client');
  let origin: string;
  try {
    origin = new URL(redirectUri).origin;
  } catch {
    throw new AuthorizeError('redirect_uri');
  }
  // The answer goes to the origin by postMessage; a path would not change where it lands.
  if (!origins.includes(origin)) throw new AuthorizeError('redirect_uri');
  return origin;
}

export async function buildSigninApp(options: SigninSandboxOptions): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const issuer = lazy(options.issuer);
  const ttl = options.tokenTtlS ?? ID_TOKEN_TTL_S;
  // Its headers (headers.ts): nothing inline, scripts and styles from itself, forms only to itself,
  // no framing (an account chooser in a frame is a clickjacking target). No Cross-Origin-Opener-Policy
  // on purpose: a popup with `same-origin` would lose window.opener, which is how it answers.
  const app = await sandboxApp({ logger: options.logger, headers: { scripts: true, crossOriginResources: true } });
  const fail = (reply: FastifyReply, lang: SigninLanguage, reason: SigninErrorReason) => sendPage(reply, 400, errorPage(lang, reason));

  /** Checks a request for the chooser or the choice; throws AuthorizeError. Returns the origin to answer. */
  const check = (q: Pick<AuthorizeQuery, 'client_id' | 'redirect_uri' | 'nonce'> & Partial<AuthorizeQuery>, full: boolean): string => {
    // Client and origin first: until they are known good, nothing may be sent anywhere.
    const origin = registeredOrigin(options.clients, q.client_id, q.redirect_uri);
    if (full) {
      if (q.response_type !== 'id_token' || (q.response_mode !== undefined && q.response_mode !== 'web_message')) {
        throw new AuthorizeError('response_type');
      }
      if (!(q.scope ?? '').split(/\s+/).includes('openid')) throw new AuthorizeError('scope');
    }
    // OpenID Connect requires a nonce when the ID token comes straight from the authorization endpoint.
    if (!q.nonce) throw new AuthorizeError('nonce');
    return origin;
  };

  app.get('/.well-known/openid-configuration', async (_request, reply) => {
    const iss = issuer();
    return reply.header('access-control-allow-origin', '*').send({
      issuer: iss,
      authorization_endpoint: `${iss}/authorize`,
      jwks_uri: `${iss}/jwks`,
      response_types_supported: ['id_token'],
      response_modes_supported: ['web_message'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      claims_supported: ['iss', 'aud', 'sub', 'azp', 'email', 'email_verified', 'name', 'nonce', 'iat', 'exp'],
      ui_locales_supported: ['en', 'ar'],
    });
  });

  app.get('/jwks', async (_request, reply) =>
    reply.header('access-control-allow-origin', '*').header('cache-control', 'public, max-age=300').send({ keys: [options.keys.publicJwk] }),
  );

  const SIGNIN_CSS = publicFile('signin', 'signin.css');
  const SIGNIN_RESULT_JS = publicFile('signin', 'signin-result.js');
  serveFile(app, '/assets/signin.css', SIGNIN_CSS, 'text/css');
  serveFile(app, '/assets/signin-result.js', SIGNIN_RESULT_JS, 'text/javascript');

  app.get('/authorize', async (request, reply) => {
    const raw = request.query as Record<string, unknown>;
    const lang = languageOf(typeof raw.ui_locales === 'string' ? raw.ui_locales : undefined);
    const parsed = AuthorizeQuery.safeParse(raw);
    if (!parsed.success) return fail(reply, lang, 'bad_request');
    const q = parsed.data;
    let origin: string;
    try {
      origin = check(q, true);
    } catch (err) {
      if (err instanceof AuthorizeError) return fail(reply, lang, err.reason);
      throw err;
    }
    return sendPage(reply, 200, chooserPage(lang, forwarded(q), new URL(origin).host));
  });

  app.post('/authorize/choose', async (request, reply) => {
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const lang = languageOf(typeof raw.ui_locales === 'string' ? raw.ui_locales : undefined);
    const parsed = ChooseBody.safeParse(raw);
    if (!parsed.success) return fail(reply, lang, 'bad_request');
    const body = parsed.data;
    const forward = forwarded(body);
    let origin: string;
    try {
      origin = check({ ...body, nonce: body.nonce ?? '' }, false);
    } catch (err) {
      if (err instanceof AuthorizeError) return fail(reply, lang, err.reason);
      throw err;
    }

    if (body.cancel) return sendPage(reply, 200, resultPage(lang, origin, { type: 'join-signin', error: 'access_denied', state: body.state }));

    let account: SigninAccount;
    if (body.account !== undefined) {
      const found = findSigninAccount(body.account);
      if (!found) return fail(reply, lang, 'unknown_account');
      account = found;
    } else {
      const email = (body.email ?? '').trim();
      const name = (body.name ?? '').trim();
      const state: ChooserState = {
        other: {
          email,
          name,
          emailError: email.length > 254 || !EMAIL.test(email),
          nameError: name.length > 100 || NAME_FORBIDDEN.test(name),
        },
      };
      if (state.other?.emailError || state.other?.nameError) {
        return sendPage(reply, 400, chooserPage(lang, forward, new URL(origin).host, state));
      }
      // "Use another account" is anyone the tester types, with a verified e-mail; a seeded
      // address typed here is that seeded account.
      account = findSigninAccount(email) ?? { email: email.toLowerCase(), name: name || email.split('@')[0] || email, emailVerified: true };
    }

    const t = Math.floor(now() / 1000);
    const idToken = await new SignJWT({
      azp: body.client_id,
      email: account.email,
      email_verified: account.emailVerified,
      name: account.name,
      nonce: body.nonce,
    })
      .setProtectedHeader({ alg: 'RS256', kid: options.keys.kid, typ: 'JWT' })
      .setIssuer(issuer())
      .setAudience(body.client_id)
      .setSubject(subjectFor(account.email))
      .setIssuedAt(t)
      .setExpirationTime(t + ttl)
      .sign(options.keys.privateKey);
    return sendPage(reply, 200, resultPage(lang, origin, { type: 'join-signin', id_token: idToken, state: body.state }));
  });

  return app;
}

/** The fields the chooser's forms carry on to POST /authorize/choose. */
function forwarded(q: { client_id: string; redirect_uri: string; nonce?: string | undefined; state?: string | undefined; ui_locales?: string | undefined }): AuthorizeRequest {
  return { client_id: q.client_id, redirect_uri: q.redirect_uri, nonce: q.nonce ?? '', state: q.state, ui_locales: q.ui_locales };
}

export interface RunningSigninSandbox {
  app: FastifyInstance;
  /** Its issuer URL, e.g. http://127.0.0.1:8090. */
  url: string;
  close(): Promise<void>;
}


export async function startSigninSandbox(
  options: Omit<SigninSandboxOptions, 'issuer'> & { port: number },
): Promise<RunningSigninSandbox> {
  return startOnOwnOrigin((url) => buildSigninApp({ ...options, issuer: url }), options.port);
}
