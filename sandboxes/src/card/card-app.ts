import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { startOnOwnOrigin, type RunningSandbox } from '../listen';
import { publicFile } from '../public-files';
import { lazy, sandboxApp, sendPage, serveFile } from '../sandbox-app';
import { CardLedger, newId, originOf, TOKEN_TTL_MS, type TokenRecord } from './card-ledger';
import { challengeRoutes } from './challenge-routes';
import { badRequest, chargeRoutes } from './charge-routes';
import { fieldsErrorPage, fieldsPage } from './pages';
import * as rules from './public/card-rules.js';
import type { CardRuleMessageId } from './public/card-rules.js';
import { scenarioName, scenarioOf } from './test-cards';
import { pageLanguage } from '../texts';
import { CARD_TEXTS, type FieldsErrorReason } from './texts';

export { CHALLENGE_TTL_MS, IDEMPOTENCY_TTL_MS, MAX_3DS_ATTEMPTS, MAX_AMOUNT_FILS, TOKEN_TTL_MS } from './card-ledger';

/**
 * The card provider sandbox: a PayFort / Stripe-shaped card provider on its own origin (own port,
 * own Fastify app), so the product's card payment runs end to end offline.
 *
 *   GET  /fields?merchant&origin&lang        the hosted card fields (framed by the payment page)
 *   GET  /assets/card.css, card-fields.js, card-rules.js
 *   POST /v1/tokens                          from the fields (same origin): card data -> tok_…
 *   POST /v1/charges, GET /v1/charges/:id, POST /v1/charges/:id/cancel, POST /v1/refunds
 *                                            server to server (charge-routes.ts)
 *   GET  /3ds/:chargeId, POST /3ds/:chargeId the 3-D Secure challenge, then 303 to return_url
 *                                            (challenge-routes.ts)
 *
 * Card data stays here: a token keeps the brand, the last four digits, the expiry and the test
 * card's scenario, never the number, the CVV or the name; nothing of a body is logged. State is in
 * memory (card-ledger.ts).
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

/** The fields' CSP: nothing inline, everything from itself, framed only by `ancestors`. */
export function fieldsCsp(ancestors: readonly string[]): string {
  return `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'none'; frame-ancestors ${
    ancestors.length > 0 ? ancestors.join(' ') : "'none'"
  }; base-uri 'none'`;
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

const FieldsQuery = z.object({
  merchant: z.string().min(1).max(100),
  origin: z.string().min(1).max(300),
  lang: z.string().max(10).optional(),
});

export async function buildCardApp(options: CardSandboxOptions): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const publicUrl = lazy(options.publicUrl);
  const allowed = new Set(options.allowedOrigins);
  const ledger = new CardLedger(now, publicUrl);

  // Its headers (headers.ts); the fields are framed by the shop (their CSP's frame-ancestors says
  // which one), the challenge never (its own X-Frame-Options and CSP).
  const app = await sandboxApp({ logger: options.logger, headers: { scripts: true, framed: true } });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  // Never echo a body back (a card number in a malformed JSON would be repeated in the message).
  app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    return reply.code(status).send({ error: status === 500 ? 'server_error' : 'bad_request', message: status === 500 ? 'Internal error' : 'The request could not be read' });
  });

  // --- assets ----------------------------------------------------------------------------------

  serveFile(app, '/assets/card.css', CARD_CSS, 'text/css');
  serveFile(app, '/assets/card-fields.js', CARD_FIELDS_JS, 'text/javascript');
  serveFile(app, '/assets/card-rules.js', CARD_RULES_JS, 'text/javascript');

  // --- hosted fields ---------------------------------------------------------------------------

  app.get('/fields', async (request, reply) => {
    const raw = request.query as Record<string, unknown>;
    const lang = pageLanguage(raw.lang);
    const fail = (reason: FieldsErrorReason) => sendPage(reply.header('content-security-policy', fieldsCsp([...allowed])), 400, fieldsErrorPage(lang, reason));
    const parsed = FieldsQuery.safeParse(raw);
    if (!parsed.success) return fail('bad_request');
    if (parsed.data.merchant !== options.merchantId) return fail('unknown_merchant');
    const origin = originOf(parsed.data.origin);
    // Messages go to this origin only, and only a page of it may frame the fields.
    if (origin === null || origin !== parsed.data.origin.replace(/\/$/, '') || !allowed.has(origin)) return fail('origin');
    reply.header('content-security-policy', fieldsCsp([origin]));
    return sendPage(reply, 200, fieldsPage(lang, { origin, merchant: options.merchantId }));
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

    ledger.prune();
    const token = newToken(body, brand, digits, now());
    ledger.tokens.set(token.id, token);
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
        scenario: scenarioName(token.scenario),
      },
      created: Math.floor(token.createdAt / 1000),
      expires_at: Math.floor((token.createdAt + TOKEN_TTL_MS) / 1000),
    });
  });

  chargeRoutes(app, ledger, { merchantId: options.merchantId, secretKey: options.secretKey, allowed });
  challengeRoutes(app, ledger, options.merchantName ?? 'Tourist SIM');
  return app;
}

/** A token for checked card data: what it keeps of the card (never the number, the CVV or the name). */
function newToken(body: z.infer<typeof TokenBody>, brand: TokenRecord['brand'], digits: string, at: number): TokenRecord {
  const scenario = scenarioOf(digits);
  return {
    id: newId('tok'),
    merchant: body.merchant,
    brand,
    last4: digits.slice(-4),
    expMonth: body.exp_month,
    expYear: body.exp_year,
    recurringAllowed: scenario.kind !== 'no_recurring',
    scenario,
    lang: body.lang ?? 'en',
    createdAt: at,
    used: false,
  };
}

/** A running card sandbox: its app, its URL (e.g. http://127.0.0.1:8092; the fields are at `${url}/fields`), close(). */
export type RunningCardSandbox = RunningSandbox;

export async function startCardSandbox(options: Omit<CardSandboxOptions, 'publicUrl'> & { port: number }): Promise<RunningCardSandbox> {
  return startOnOwnOrigin((url) => buildCardApp({ ...options, publicUrl: url }), options.port);
}
