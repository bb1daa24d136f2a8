import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { publicFile } from '../public-files';
import { apiAndPageErrors, iso, lazy, requireBody, requireIdempotencyKey, sandboxApp, sendMade, sendPage, serveFile } from '../sandbox-app';
import { CheckoutLedger, DEFAULT_BNPL_LIMITS, type BnplLimits, type Checkout } from './checkouts';
import { decidePage, errorPage, outcomePage, signInPage, type PageContext } from './pages';
import { checkoutPlan } from './plan';
import { pageLanguage } from '../texts';
import { startOnOwnOrigin, type RunningSandbox } from '../listen';
import { requireBearer } from '../bearer';

/** Its stylesheet (public/bnpl.css), served as /assets/bnpl.css. */
const BNPL_CSS = publicFile('bnpl', 'bnpl.css');

/**
 * The buy-now-pay-later provider sandbox, shaped like Spotii's checkout API, on its own origin.
 *
 * Server to server (every /api call needs `Authorization: Bearer <key>`, 401 otherwise):
 *   POST /api/v1.0/checkouts               (Idempotency-Key) create -> 201 checkout | 422 rejected
 *   GET  /api/v1.0/checkouts/:id           the checkout now: open | approved | rejected | captured | expired
 *   POST /api/v1.0/checkouts/:id/capture   (Idempotency-Key) approved -> captured | 409 not_approved
 *   POST /api/v1.0/checkouts/:id/cancel    open | approved -> cancelled (nothing taken) | 409 already_captured
 *   POST /api/v1.0/checkouts/:id/refund    (Idempotency-Key) {total, currency}: captured -> refunded | 422 not_refundable
 * For the browser (plain forms, no script):
 *   GET  /checkout/:id?lang=en|ar          the plan and the sign-in (a one-time code)
 *   POST /checkout/:id/verify              the code, then the credit check -> approve / decline page
 *   POST /checkout/:id/decide              approve -> 303 success_url; decline -> 303 failure_url
 */
export interface BnplSandboxOptions {
  apiKey: string;
  /** The sandbox's own URL (its checkout_url's origin); a function when the port is known only after listen. */
  baseUrl: string | (() => string);
  limits?: BnplLimits;
  /** The merchant's name on the checkout page (the product). */
  merchantName?: string;
  now?: () => number;
  logger?: boolean;
}

export const DEFAULT_MERCHANT_NAME = 'Tourist SIM';

/** Pages: never cached; their CSP (nothing inline, only its own stylesheet, no framing) widens form-action per page. */
const csp = (formAction: string) =>
  `default-src 'none'; style-src 'self'; img-src 'self'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`;

/** An http(s) URL of printable ASCII (it goes into a Location header as given), no credentials. */
const HttpUrl = z
  .string()
  .max(2000)
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
  .refine(
    (v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { message: 'must be an http or https URL without credentials' },
  );

/** A plain address (the provider's own rule; the merchant validated it already). */
const Email = z
  .string()
  .max(254)
  .regex(/^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/, 'must be an e-mail address');

export const CreateCheckoutBody = z.strictObject({
  reference: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1 to 64 letters, digits, _ . : or -'),
  /** Fils (1 AED = 100 fils). */
  total: z.number().int().positive().max(1_000_000_000),
  currency: z.literal('AED'),
  success_url: HttpUrl,
  failure_url: HttpUrl,
  customer: z.strictObject({ email: Email }),
  description: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^\p{Cc}]*$/u, 'must have no control characters'),
});

const CheckoutId = z.string().regex(/^chk_[0-9a-f]{32}$/);

/** Spotii's refund body: the total to give back (here in fils, as every amount of this API) and the currency. */
const RefundBody = z.strictObject({ total: z.number().int().positive().max(1_000_000_000), currency: z.literal('AED') });

const VerifyForm = z.object({ otp: z.string().max(100), lang: z.string().max(10).optional() });
const DecideForm = z.object({
  decision: z.enum(['approve', 'decline']),
  session: z.string().max(100).optional(),
  lang: z.string().max(10).optional(),
});


export async function buildBnplApp(options: BnplSandboxOptions): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const baseUrl = lazy(options.baseUrl);
  const ledger = new CheckoutLedger(options.limits ?? DEFAULT_BNPL_LIMITS, now);
  const merchant = options.merchantName ?? DEFAULT_MERCHANT_NAME;
  const app = await sandboxApp({ logger: options.logger });

  const view = (c: Checkout) => ({
    id: c.id,
    reference: c.reference,
    status: c.status,
    total: c.total,
    currency: c.currency,
    description: c.description,
    checkout_url: `${baseUrl()}/checkout/${c.id}`,
    created_at: iso(c.createdAt),
    expires_at: iso(c.expiresAt),
    approved_at: iso(c.approvedAt),
    captured_at: iso(c.capturedAt),
    cancelled_at: iso(c.cancelledAt),
    refunded_total: c.refundedTotal,
    rejection_reason: c.rejectionReason,
  });

  requireBearer(app, '/api/', options.apiKey);
  apiAndPageErrors(app, {
    apiPrefix: '/api/',
    apiError: (status) => ({ error: status === 500 ? 'internal_error' : 'invalid_request' }),
    apiNotFound: { error: 'not_found' },
    errorPage: (reply, status) => page(reply, status, errorPage('en', 'bad_request')),
    notFoundPage: (reply) => page(reply, 404, errorPage('en', 'not_found')),
  });

  /** A page; form-action lets the forms' 303 reach the merchant (Chrome applies form-action to a form's redirects). */
  function page(reply: FastifyReply, status: number, body: string, checkout?: Checkout) {
    const origins = checkout ? [...new Set([new URL(checkout.success_url).origin, new URL(checkout.failure_url).origin])] : [];
    return sendPage(reply.header('content-security-policy', csp(["'self'", ...origins].join(' '))), status, body);
  }


  app.get('/health', async () => ({ status: 'ok' }));
  serveFile(app, '/assets/bnpl.css', BNPL_CSS, 'text/css', 'public, max-age=300');

  // --- server to server ------------------------------------------------------------------------

  app.post('/api/v1.0/checkouts', async (request, reply) => {
    const key = requireIdempotencyKey(request, reply, 'detail');
    const body = key === null ? null : requireBody(CreateCheckoutBody, request, reply, 'detail');
    if (key === null || body === null) return reply;
    const outcome = ledger.create(key, body);
    switch (outcome.kind) {
      case 'key_reused':
        // The IETF Idempotency-Key draft: the same key with another body is 422.
        return reply.code(422).send({ error: 'idempotency_key_reused', detail: 'this Idempotency-Key was used with another request' });
      case 'rejected':
        return reply.code(422).send({
          status: 'rejected',
          reason: outcome.reason,
          min_total: ledger.limits.minFils,
          max_total: ledger.limits.maxFils,
          currency: 'AED',
        });
      case 'replayed':
      case 'created':
        return sendMade(reply, 201, outcome.kind === 'replayed', view(outcome.checkout));
    }
  });

  app.get('/api/v1.0/checkouts/:id', async (request, reply) => {
    const id = CheckoutId.safeParse((request.params as { id: string }).id);
    const checkout = id.success ? ledger.get(id.data) : undefined;
    if (!checkout) return reply.code(404).send({ error: 'not_found' });
    return reply.send(view(checkout));
  });

  app.post('/api/v1.0/checkouts/:id/capture', async (request, reply) => {
    const key = requireIdempotencyKey(request, reply, 'detail');
    if (key === null) return reply;
    const id = CheckoutId.safeParse((request.params as { id: string }).id);
    if (!id.success) return reply.code(404).send({ error: 'not_found' });
    const outcome = ledger.capture(key, id.data);
    switch (outcome.kind) {
      case 'not_found':
        return reply.code(404).send({ error: 'not_found' });
      case 'key_reused':
        return reply.code(422).send({ error: 'idempotency_key_reused', detail: 'this Idempotency-Key was used to capture another checkout' });
      case 'not_approved':
        return reply.code(409).send({ error: 'not_approved', status: outcome.checkout.status });
      case 'replayed':
      case 'captured':
        return sendMade(reply, 200, outcome.kind === 'replayed', view(outcome.checkout));
    }
  });

  app.post('/api/v1.0/checkouts/:id/cancel', async (request, reply) => {
    const id = CheckoutId.safeParse((request.params as { id: string }).id);
    if (!id.success) return reply.code(404).send({ error: 'not_found' });
    const outcome = ledger.cancel(id.data);
    switch (outcome.kind) {
      case 'not_found':
        return reply.code(404).send({ error: 'not_found' });
      case 'captured':
        return reply.code(409).send({ error: 'already_captured', status: outcome.checkout.status });
      case 'replayed':
      case 'cancelled':
        return sendMade(reply, 200, outcome.kind === 'replayed', view(outcome.checkout));
    }
  });

  app.post('/api/v1.0/checkouts/:id/refund', async (request, reply) => {
    const key = requireIdempotencyKey(request, reply, 'detail');
    if (key === null) return reply;
    const id = CheckoutId.safeParse((request.params as { id: string }).id);
    if (!id.success) return reply.code(404).send({ error: 'not_found' });
    const body = requireBody(RefundBody, request, reply, 'detail');
    if (body === null) return reply;
    const outcome = ledger.refund(key, id.data, body.total);
    switch (outcome.kind) {
      case 'not_found':
        return reply.code(404).send({ error: 'not_found' });
      case 'key_reused':
        return reply.code(422).send({ error: 'idempotency_key_reused', detail: 'this Idempotency-Key was used for another refund' });
      case 'not_refundable':
        return reply.code(422).send({ error: 'not_refundable', status: outcome.checkout.status, refundable_total: outcome.refundable });
      case 'replayed':
      case 'refunded':
        return sendMade(reply, 200, outcome.kind === 'replayed', view(outcome.checkout));
    }
  });

  // --- the browser's pages ---------------------------------------------------------------------

  const findForPage = (raw: unknown): Checkout | undefined => {
    const id = CheckoutId.safeParse(raw);
    return id.success ? ledger.get(id.data) : undefined;
  };

  /** The page of a checkout that is no longer open. */
  const closedPage = (reply: FastifyReply, ctx: PageContext, checkout: Checkout) => {
    const kind =
      checkout.status === 'expired'
        ? 'expired'
        : checkout.status === 'cancelled'
          ? 'cancelled'
          : checkout.status === 'refunded'
            ? 'refunded'
            : checkout.status === 'approved' || checkout.status === 'captured'
              ? 'approved'
          : checkout.rejectionReason === 'credit_check'
            ? 'credit_declined'
            : checkout.rejectionReason === 'too_many_codes'
              ? 'too_many_codes'
              : 'rejected';
    return page(reply, 200, outcomePage(ctx, checkout, kind), checkout);
  };

  app.get('/checkout/:id', async (request, reply) => {
    const lang = pageLanguage((request.query as { lang?: unknown }).lang);
    const checkout = findForPage((request.params as { id: string }).id);
    if (!checkout) return page(reply, 404, errorPage(lang, 'not_found'));
    const ctx = { lang, merchant };
    if (checkout.status !== 'open') return closedPage(reply, ctx, checkout);
    return page(reply, 200, signInPage(ctx, checkout, checkoutPlan(checkout.total, now())), checkout);
  });

  app.post('/checkout/:id/verify', async (request, reply) => {
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const lang = pageLanguage(raw.lang);
    const checkout = findForPage((request.params as { id: string }).id);
    if (!checkout) return page(reply, 404, errorPage(lang, 'not_found'));
    const form = VerifyForm.safeParse(raw);
    if (!form.success) return page(reply, 400, errorPage(lang, 'bad_request'));
    const ctx = { lang, merchant };
    const plan = checkoutPlan(checkout.total, now());
    const code = form.data.otp.trim();
    if (checkout.status === 'open' && !/^\d{6}$/.test(code)) return page(reply, 400, signInPage(ctx, checkout, plan, { otpError: 'invalid' }), checkout);
    const outcome = ledger.verify(checkout.id, code);
    if (!outcome || outcome.kind === 'closed') return closedPage(reply, ctx, checkout);
    if (outcome.kind === 'wrong_code') return page(reply, 400, signInPage(ctx, checkout, plan, { otpError: 'wrong', triesLeft: outcome.triesLeft }), checkout);
    return page(reply, 200, decidePage(ctx, checkout, plan, outcome.session), checkout);
  });

  app.post('/checkout/:id/decide', async (request, reply) => {
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const lang = pageLanguage(raw.lang);
    const checkout = findForPage((request.params as { id: string }).id);
    if (!checkout) return page(reply, 404, errorPage(lang, 'not_found'));
    const form = DecideForm.safeParse(raw);
    if (!form.success) return page(reply, 400, errorPage(lang, 'bad_request'));
    const ctx = { lang, merchant };
    const outcome = ledger.decide(checkout.id, form.data.decision, form.data.session);
    if (!outcome || outcome.kind === 'closed') return closedPage(reply, ctx, checkout);
    if (outcome.kind === 'signed_out') {
      return page(reply, 403, signInPage(ctx, checkout, checkoutPlan(checkout.total, now()), { signedOut: true }), checkout);
    }
    // The merchant's URLs exactly as it gave them: it put its own payment reference in them.
    const target = checkout.status === 'approved' ? checkout.success_url : checkout.failure_url;
    return reply.code(303).header('cache-control', 'no-store').header('location', target).send();
  });

  return app;
}

/** A running BNPL sandbox: its app, its base URL (e.g. http://127.0.0.1:8093), close(). */
export type RunningBnplSandbox = RunningSandbox;

export async function startBnplSandbox(options: Omit<BnplSandboxOptions, 'baseUrl'> & { port: number }): Promise<RunningBnplSandbox> {
  return startOnOwnOrigin((url) => buildBnplApp({ ...options, baseUrl: url }), options.port);
}
