import { sandboxHeaders } from '../headers';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { CardDeclineReason } from './decline-reasons';
import { challengeGonePage, challengePage, fieldsErrorPage, fieldsPage } from './pages';
import * as rules from './public/card-rules.js';
import type { CardBrand, CardRuleMessageId } from './public/card-rules.js';
import { publicFile } from '../public-files';
import { scenarioName, scenarioOf, type CardScenario } from './test-cards';
import { CARD_TEXTS, cardLanguage, SANDBOX_3DS_CODE, type CardLanguage, type FieldsErrorReason } from './texts';
import { startOnOwnOrigin } from '../listen';

/**
 * The card provider sandbox: a PayFort / Stripe-shaped card provider on its own origin (own port,
 * own Fastify app), so the product's card payment runs end to end offline.
 *
 *   GET  /fields?merchant&origin&lang        the hosted card fields (framed by the payment page)
 *   GET  /assets/card.css, card-fields.js, card-rules.js
 *   POST /v1/tokens                          from the fields (same origin): card data -> tok_…
 *   POST /v1/charges                         server to server (Bearer secret key, Idempotency-Key)
 *   GET  /v1/charges/:id
 *   POST /v1/charges/:id/cancel              server to server: voids a charge still waiting for 3-D Secure
 *   POST /v1/refunds                         server to server (Bearer secret key, Idempotency-Key)
 *   GET  /3ds/:chargeId, POST /3ds/:chargeId the 3-D Secure challenge, then 303 to return_url
 *
 * Card data stays here: a token keeps the brand, the last four digits, the expiry and the test
 * card's scenario, never the number, the CVV or the name; nothing of a body is logged. State is in
 * memory (a sandbox restart forgets every token and charge, as a fresh test account would).
 */
export interface CardSandboxOptions {
  /** The origin browsers reach the sandbox on (action URLs); a function when the port is known only after listen. */
  publicUrl: string | (() => string);
  merchantId: string;
  /** Shown on the 3-D Secure page. */
  merchantName?: string;
  /** The server-to-server key (`Authorization: Bearer …`). */
  secretKey: string;
  /** The product's origins: the only pages that may frame the fields, receive their messages, and be returned to. */
  allowedOrigins: readonly string[];
  now?: () => number;
  logger?: boolean;
}

/** A token is good for one charge within 15 minutes; a 3-D Secure challenge waits 15 minutes. */
export const TOKEN_TTL_MS = 15 * 60 * 1000;
export const CHALLENGE_TTL_MS = 15 * 60 * 1000;
export const MAX_3DS_ATTEMPTS = 3;
/** An idempotency key is remembered for 24 hours (as Stripe does), then may be used again. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** At most this much in one charge: AED 1,000,000 in fils. */
export const MAX_AMOUNT_FILS = 100_000_000;


/** The fields' CSP: nothing inline, everything from itself, framed only by `ancestors`. */
export function fieldsCsp(ancestors: readonly string[]): string {
  return `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'none'; frame-ancestors ${
    ancestors.length > 0 ? ancestors.join(' ') : "'none'"
  }; base-uri 'none'`;
}

/** The challenge's CSP: never framed; its form posts to itself, which redirects to the shop's return URL. */
function challengeCsp(returnOrigin: string | null): string {
  return `default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'${returnOrigin ? ` ${returnOrigin}` : ''}; frame-ancestors 'none'; base-uri 'none'`;
}

interface TokenRecord {
  id: string;
  merchant: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  recurringAllowed: boolean;
  scenario: CardScenario;
  lang: CardLanguage;
  createdAt: number;
  used: boolean;
}

type ChargeStatus = 'succeeded' | 'requires_action' | 'declined';

interface ChargeRecord {
  id: string;
  amount: number;
  currency: 'AED';
  reference: string;
  returnUrl: string;
  recurring: boolean;
  brand: CardBrand | null;
  last4: string | null;
  status: ChargeStatus;
  declineReason: CardDeclineReason | null;
  /** For a 3-D Secure charge: how it ends after a right code. */
  afterAuthentication: 'succeed' | 'insufficient_funds' | null;
  attempts: number;
  lang: CardLanguage;
  createdAt: number;
  refunded: number;
}

interface StoredAnswer {
  at: number;
  fingerprint: string;
  status: number;
  body: unknown;
}

/** The card pages' files (public/), served as they are: the rules module, the fields' script, the stylesheet. */
const CARD_RULES_JS = publicFile('card', 'card-rules.js');
const CARD_FIELDS_JS = publicFile('card', 'card-fields.js');
const CARD_CSS = publicFile('card', 'card.css');

const TokenBody = z
  .object({
    merchant: z.string().min(1).max(100),
    number: z.string().max(40),
    exp_month: z.number().int().min(0).max(99),
    exp_year: z.number().int().min(2000).max(2099),
    cvc: z.string().max(10),
    name: z.string().max(100),
    lang: z.enum(['en', 'ar']).optional(),
  })
  .strict();

const ReturnUrl = z.url({ protocol: /^https?$/ }).max(2000);

const ChargeBody = z
  .object({
    token: z.string().min(1).max(100),
    amount: z.number().int().positive().max(MAX_AMOUNT_FILS),
    currency: z.literal('AED'),
    reference: z.string().min(1).max(100),
    return_url: ReturnUrl,
    recurring: z.boolean().default(false),
  })
  .strict();

const RefundBody = z
  .object({
    charge: z.string().min(1).max(100),
    amount: z.number().int().positive().max(MAX_AMOUNT_FILS),
  })
  .strict();

const FieldsQuery = z.object({
  merchant: z.string().min(1).max(100),
  origin: z.string().min(1).max(300),
  lang: z.string().max(10).optional(),
});

const ChallengeBody = z.object({
  code: z.string().max(50).optional(),
  action: z.enum(['confirm', 'cancel']).optional(),
});

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A random id: prefix and 24 letters or digits. */
function newId(prefix: string): string {
  const bytes = randomBytes(24);
  let out = '';
  for (const b of bytes) out += ALPHANUMERIC[b % ALPHANUMERIC.length];
  return `${prefix}_${out}`;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** The origin of a URL, or null. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export async function buildCardApp(options: CardSandboxOptions): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const publicUrl = typeof options.publicUrl === 'function' ? options.publicUrl : () => options.publicUrl as string;
  const allowed = new Set(options.allowedOrigins);
  const merchantName = options.merchantName ?? 'Tourist SIM';
  const secretHash = sha256(options.secretKey);
  const tokens = new Map<string, TokenRecord>();
  const charges = new Map<string, ChargeRecord>();
  const answers = new Map<string, StoredAnswer>();

  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 16 * 1024 });
  await app.register(formbody);

  // Its headers (headers.ts); the fields are framed by the shop (their CSP's frame-ancestors says
  // which one), the challenge never (its own X-Frame-Options and CSP).
  await sandboxHeaders(app, { scripts: true, framed: true });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  // Never echo a body back (a card number in a malformed JSON would be repeated in the message).
  app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    return reply.code(status).send({ error: status === 500 ? 'server_error' : 'bad_request', message: status === 500 ? 'Internal error' : 'The request could not be read' });
  });

  const page = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').send(body);
  const badRequest = (reply: FastifyReply, message: string) => reply.code(400).send({ error: 'bad_request', message });

  // --- state housekeeping ------------------------------------------------------------------------

  /** A challenge not answered within 15 minutes was not completed: authentication_cancelled. */
  const settle = (charge: ChargeRecord): ChargeRecord => {
    if (charge.status === 'requires_action' && now() - charge.createdAt >= CHALLENGE_TTL_MS) {
      charge.status = 'declined';
      charge.declineReason = 'authentication_cancelled';
    }
    return charge;
  };

  /** Tokens past their life and keys past 24 hours are forgotten (an old token answers token_invalid either way). */
  const prune = () => {
    const cutoff = now() - 2 * TOKEN_TTL_MS;
    for (const [id, t] of tokens) if (t.createdAt < cutoff) tokens.delete(id);
    const keyCutoff = now() - IDEMPOTENCY_TTL_MS;
    for (const [slot, a] of answers) if (a.at <= keyCutoff) answers.delete(slot);
  };

  const chargeJson = (c: ChargeRecord) => ({
    id: c.id,
    object: 'charge',
    status: c.status,
    amount: c.amount,
    currency: c.currency,
    reference: c.reference,
    recurring: c.recurring,
    brand: c.brand,
    last4: c.last4,
    action_url: c.status === 'requires_action' ? `${publicUrl()}/3ds/${c.id}` : null,
    decline_reason: c.status === 'declined' ? c.declineReason : null,
    amount_refunded: c.refunded,
    created: Math.floor(c.createdAt / 1000),
  });

  // --- server-to-server authentication and idempotency -----------------------------------------

  const authorized = (request: FastifyRequest): boolean => {
    const header = request.headers.authorization ?? '';
    const m = /^Bearer (.+)$/.exec(header);
    return m !== null && timingSafeEqual(sha256(m[1] ?? ''), secretHash);
  };
  const unauthorized = (reply: FastifyReply) =>
    reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'unauthorized', message: 'A valid secret key is required (Authorization: Bearer <key>)' });

  /**
   * Runs `create` at most once per key and endpoint: the same key with the same body answers the
   * first answer again; with another body, 422. Everything between the look-up and the store is
   * synchronous, so two requests with one key at the same time give exactly one charge.
   */
  const idempotent = (request: FastifyRequest, reply: FastifyReply, scope: string, body: unknown, create: () => { status: number; body: unknown }) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
      return reply.code(400).send({ error: 'idempotency_key_required', message: 'An Idempotency-Key header (1-255 visible characters) is required' });
    }
    prune();
    const fingerprint = JSON.stringify(body);
    const slot = `${scope}:${key}`;
    const stored = answers.get(slot);
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        return reply.code(422).send({ error: 'idempotency_mismatch', message: 'This Idempotency-Key was used with another request body' });
      }
      return reply.code(stored.status).header('idempotent-replayed', 'true').send(stored.body);
    }
    const answer = create();
    answers.set(slot, { at: now(), fingerprint, ...answer });
    return reply.code(answer.status).send(answer.body);
  };

  // --- assets ----------------------------------------------------------------------------------

  app.get('/assets/card.css', async (_request, reply) => reply.type('text/css; charset=utf-8').send(CARD_CSS));
  app.get('/assets/card-fields.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(CARD_FIELDS_JS));
  app.get('/assets/card-rules.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(CARD_RULES_JS));

  // --- hosted fields ---------------------------------------------------------------------------

  app.get('/fields', async (request, reply) => {
    const raw = request.query as Record<string, unknown>;
    const lang = cardLanguage(raw.lang);
    const fail = (reason: FieldsErrorReason) => page(reply.header('content-security-policy', fieldsCsp([...allowed])), 400, fieldsErrorPage(lang, reason));
    const parsed = FieldsQuery.safeParse(raw);
    if (!parsed.success) return fail('bad_request');
    if (parsed.data.merchant !== options.merchantId) return fail('unknown_merchant');
    const origin = originOf(parsed.data.origin);
    // Messages go to this origin only, and only a page of it may frame the fields.
    if (origin === null || origin !== parsed.data.origin.replace(/\/$/, '') || !allowed.has(origin)) return fail('origin');
    reply.header('content-security-policy', fieldsCsp([origin]));
    return page(reply, 200, fieldsPage(lang, { origin, merchant: options.merchantId }));
  });

  // --- tokens (from the fields, same origin) ---------------------------------------------------

  app.post('/v1/tokens', async (request, reply) => {
    // Only the fields' own page may send card data here (a browser always sends Origin on a POST).
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== originOf(publicUrl())) {
      return reply.code(403).send({ error: 'forbidden_origin', message: 'Card data is accepted from the hosted fields only' });
    }
    // JSON only: a cross-site form (urlencoded, text/plain) cannot post one without a CORS preflight, which is never granted.
    if (!/^application\/json(;|$)/i.test(request.headers['content-type'] ?? '')) {
      return reply.code(415).send({ error: 'unsupported_media_type', message: 'The body must be JSON (application/json)' });
    }
    const parsed = TokenBody.safeParse(request.body);
    if (!parsed.success) return badRequest(reply, 'The body must be {merchant, number, exp_month, exp_year, cvc, name, lang?}');
    const body = parsed.data;
    if (body.merchant !== options.merchantId) return reply.code(400).send({ error: 'unknown_merchant', message: 'Unknown merchant' });

    // Every rule again, with the module the fields run: nothing the browser says is trusted.
    const digits = body.number.replace(/[\s-]/g, '');
    const brand = rules.cardBrand(digits);
    const expiry = `${String(body.exp_month).padStart(2, '0')}/${String(body.exp_year % 100).padStart(2, '0')}`;
    const checks: Array<[field: 'number' | 'expiry' | 'cvv' | 'name', messageId: CardRuleMessageId | null]> = [
      ['number', rules.validateCardNumber(body.number)],
      ['expiry', rules.validateExpiry(expiry, new Date(now()))],
      ['cvv', rules.validateCvv(body.cvc, brand)],
      ['name', rules.validateName(body.name)],
    ];
    const invalid = (field: string, messageId: CardRuleMessageId) =>
      reply.code(400).send({ error: 'invalid_card', field, message_id: messageId, message: CARD_TEXTS.en.messages[messageId] });
    for (const [field, messageId] of checks) if (messageId) return invalid(field, messageId);
    if (!brand) return invalid('number', 'cardNumber');

    prune();
    const scenario = scenarioOf(digits);
    const token: TokenRecord = {
      id: newId('tok'),
      merchant: body.merchant,
      brand,
      last4: digits.slice(-4),
      expMonth: body.exp_month,
      expYear: body.exp_year,
      recurringAllowed: scenario.kind !== 'no_recurring',
      scenario,
      lang: body.lang ?? 'en',
      createdAt: now(),
      used: false,
    };
    tokens.set(token.id, token);
    return reply.code(201).send({
      id: token.id,
      object: 'token',
      card: {
        brand,
        type_code: rules.typeCode(brand),
        last4: token.last4,
        exp_month: token.expMonth,
        exp_year: token.expYear,
        recurring_allowed: token.recurringAllowed,
        scenario: scenarioName(scenario),
      },
      created: Math.floor(token.createdAt / 1000),
      expires_at: Math.floor((token.createdAt + TOKEN_TTL_MS) / 1000),
    });
  });

  // --- charges ---------------------------------------------------------------------------------

  app.post('/v1/charges', async (request, reply) => {
    if (!authorized(request)) return unauthorized(reply);
    const parsed = ChargeBody.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return badRequest(reply, `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'} (body: {token, amount (fils), currency "AED", reference, return_url, recurring})`);
    }
    const body = parsed.data;
    const returnOrigin = originOf(body.return_url);
    if (returnOrigin === null || !allowed.has(returnOrigin)) return badRequest(reply, "return_url must be on one of the merchant's allowed origins");

    return idempotent(request, reply, 'charges', body, () => {
      const token = tokens.get(body.token);
      const usable = token !== undefined && !token.used && token.merchant === options.merchantId && now() - token.createdAt < TOKEN_TTL_MS;
      if (token) token.used = true;
      const charge: ChargeRecord = {
        id: newId('ch'),
        amount: body.amount,
        currency: 'AED',
        reference: body.reference,
        returnUrl: body.return_url,
        recurring: body.recurring,
        brand: token?.brand ?? null,
        last4: token?.last4 ?? null,
        status: 'succeeded',
        declineReason: null,
        afterAuthentication: null,
        attempts: 0,
        lang: token?.lang ?? 'en',
        createdAt: now(),
        refunded: 0,
      };
      const decline = (reason: CardDeclineReason) => {
        charge.status = 'declined';
        charge.declineReason = reason;
      };
      if (!usable || !token) decline('token_invalid');
      else if (token.scenario.kind === 'decline') decline(token.scenario.reason);
      else if (token.scenario.kind === 'no_recurring' && body.recurring) decline('recurring_not_allowed');
      else if (token.scenario.kind === 'three_ds') {
        charge.status = 'requires_action';
        charge.afterAuthentication = token.scenario.then;
      }
      charges.set(charge.id, charge);
      return { status: 200, body: chargeJson(charge) };
    });
  });

  app.get('/v1/charges/:id', async (request, reply) => {
    if (!authorized(request)) return unauthorized(reply);
    const charge = charges.get((request.params as { id: string }).id);
    if (!charge) return reply.code(404).send({ error: 'not_found', message: 'No such charge' });
    return reply.send(chargeJson(settle(charge)));
  });

  /**
   * The merchant abandons a charge still waiting for its 3-D Secure check (Stripe's cancel of a
   * payment that requires action): it ends declined, authentication_cancelled, as if the visitor had
   * pressed Cancel on the challenge, and its page sends the browser back. Idempotent by nature:
   * any other charge is answered as it is (a succeeded one went through: refund it instead).
   */
  app.post('/v1/charges/:id/cancel', async (request, reply) => {
    if (!authorized(request)) return unauthorized(reply);
    const charge = charges.get((request.params as { id: string }).id);
    if (!charge) return reply.code(404).send({ error: 'not_found', message: 'No such charge' });
    if (settle(charge).status === 'requires_action') {
      charge.status = 'declined';
      charge.declineReason = 'authentication_cancelled';
    }
    return reply.send(chargeJson(charge));
  });

  // --- refunds ---------------------------------------------------------------------------------

  app.post('/v1/refunds', async (request, reply) => {
    if (!authorized(request)) return unauthorized(reply);
    const parsed = RefundBody.safeParse(request.body);
    if (!parsed.success) return badRequest(reply, 'The body must be {charge, amount (fils)}');
    const body = parsed.data;
    return idempotent(request, reply, 'refunds', body, () => {
      const charge = charges.get(body.charge);
      if (!charge) return { status: 404, body: { error: 'not_found', message: 'No such charge' } };
      settle(charge);
      if (charge.status !== 'succeeded') return { status: 422, body: { error: 'not_refundable', message: 'Only a succeeded charge can be refunded' } };
      if (body.amount > charge.amount - charge.refunded) {
        return { status: 422, body: { error: 'not_refundable', message: `At most ${charge.amount - charge.refunded} fils of this charge can still be refunded` } };
      }
      charge.refunded += body.amount;
      const refund = { id: newId('re'), object: 'refund', charge: charge.id, amount: body.amount, currency: 'AED', status: 'succeeded', created: Math.floor(now() / 1000) };
      return { status: 200, body: refund };
    });
  });

  // --- 3-D Secure ------------------------------------------------------------------------------

  const challengeHeaders = (reply: FastifyReply, charge: ChargeRecord | null) =>
    reply.header('content-security-policy', challengeCsp(charge ? originOf(charge.returnUrl) : null)).header('x-frame-options', 'DENY');
  const backToShop = (reply: FastifyReply, charge: ChargeRecord) => reply.code(303).header('location', charge.returnUrl).send();

  app.get('/3ds/:chargeId', async (request, reply) => {
    const charge = charges.get((request.params as { chargeId: string }).chargeId);
    challengeHeaders(reply, charge ?? null);
    if (!charge) return page(reply, 404, challengeGonePage(cardLanguage((request.query as { lang?: unknown }).lang)));
    // Answered, cancelled or expired: the shop asks the provider what became of it.
    if (settle(charge).status !== 'requires_action') return backToShop(reply, charge);
    return page(reply, 200, challengePage(charge.lang, challengeView(charge)));
  });

  app.post('/3ds/:chargeId', async (request, reply) => {
    const charge = charges.get((request.params as { chargeId: string }).chargeId);
    challengeHeaders(reply, charge ?? null);
    if (!charge) return page(reply, 404, challengeGonePage('en'));
    if (settle(charge).status !== 'requires_action') return backToShop(reply, charge);
    const parsed = ChallengeBody.safeParse(request.body ?? {});
    const form = parsed.success ? parsed.data : {};
    if (form.action === 'cancel') {
      // Not a failed check: the visitor stopped it, the shop says so.
      charge.status = 'declined';
      charge.declineReason = 'authentication_cancelled';
      return backToShop(reply, charge);
    }
    const code = (form.code ?? '').trim();
    if (code === '') return page(reply, 400, challengePage(charge.lang, { ...challengeView(charge), empty: true }));
    if (code === SANDBOX_3DS_CODE) {
      if (charge.afterAuthentication === 'insufficient_funds') {
        charge.status = 'declined';
        charge.declineReason = 'insufficient_funds';
      } else {
        charge.status = 'succeeded';
      }
      return backToShop(reply, charge);
    }
    charge.attempts += 1;
    if (charge.attempts >= MAX_3DS_ATTEMPTS) {
      charge.status = 'declined';
      charge.declineReason = 'authentication_failed';
      return backToShop(reply, charge);
    }
    return page(reply, 400, challengePage(charge.lang, { ...challengeView(charge), attemptsLeft: MAX_3DS_ATTEMPTS - charge.attempts }));
  });

  function challengeView(charge: ChargeRecord) {
    return { chargeId: charge.id, merchantName, amountFils: charge.amount, brand: charge.brand ?? 'visa', last4: charge.last4 ?? '' };
  }

  return app;
}

export interface RunningCardSandbox {
  app: FastifyInstance;
  /** Its URL, e.g. http://127.0.0.1:8092 (the fields are at `${url}/fields`). */
  url: string;
  close(): Promise<void>;
}


export async function startCardSandbox(options: Omit<CardSandboxOptions, 'publicUrl'> & { port: number }): Promise<RunningCardSandbox> {
  return startOnOwnOrigin((url) => buildCardApp({ ...options, publicUrl: url }), options.port);
}
