import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rateLimited } from './http-error';
import { deviceKey, requestAddress } from './client-key';

/** A budget as a hook; one instance is one budget, however many routes share it. */
export type RateLimitHook = ReturnType<FastifyInstance['rateLimit']>;

/** What a budget counts by: the client's address (its /64 for IPv6), or its device id. */
export type RateLimitKey = 'address' | 'device';

const KEYS: Readonly<Record<RateLimitKey, (request: FastifyRequest) => string>> = {
  address: (request) => `a:${requestAddress(request)}`,
  device: (request) => `d:${deviceKey(request)}`,
};

export function rateLimitConfig(max: number, windowMs: number, key: RateLimitKey = 'address') {
  return {
    rateLimit: {
      max,
      timeWindow: windowMs,
      keyGenerator: KEYS[key],
      errorResponseBuilder: (_request: unknown, context: { after: string }) => rateLimited(context.after),
    },
  };
}

/**
 * A budget as a hook shared by the routes that list it. `name` is its counters' namespace in the
 * LimitStore (platform/limits/rate-limit-store.ts): the same on every instance, different for
 * every budget; a route's own `config: rateLimitConfig(...)` is named by its method and URL.
 */
export function rateLimitHook(app: FastifyInstance, name: string, max: number, windowMs: number, key: RateLimitKey = 'address'): RateLimitHook {
  return app.rateLimit(named(name, rateLimitConfig(max, windowMs, key).rateLimit));
}

/** The plugin's options with the budget's name, which it hands on to the store's child untouched. */
function named<T extends object>(name: string, options: T): T & { budget: string } {
  return { ...options, budget: name };
}

/**
 * A budget that adds to others on the same route. @fastify/rate-limit runs one limiter hook per
 * request (a second `app.rateLimit()` hook is skipped once the first has run), so a route that
 * counts by address and by device checks its budgets with `createRateLimit` instead: each
 * budget is counted, and the first one spent answers 429 with Retry-After.
 */
export function budgetHook(
  app: FastifyInstance,
  name: string,
  max: number,
  windowMs: number,
  key: RateLimitKey,
  /** Called once the budget is spent, before the 429: it may throw another answer, or return to let the call through (the numbers' address challenge). */
  whenSpent?: (request: FastifyRequest) => void,
) {
  const check = app.createRateLimit(named(name, { max, timeWindow: windowMs, keyGenerator: KEYS[key] }));
  return async function budget(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const result = await check(request);
    if (result.isAllowed) return;
    if (!result.isExceeded) return;
    if (whenSpent) return whenSpent(request);
    reply.header('retry-after', String(result.ttlInSeconds));
    throw rateLimited(`${result.ttlInSeconds} seconds`);
  };
}

/** The budgets of buildApp (app.ts RATE_LIMITS unless told otherwise), each per window. */
export interface RateLimitOptions {
  windowMs: number;
  /** Per IP and window, on login_by_device_id. */
  loginMax: number;
  /** Per IP and window, on random offers (POST numbers/random and GET numbers?random=true together). */
  randomNumbersMax: number;
  /** Per IP and window, on numbers/search. */
  searchMax: number;
  /**
   * Per IP and window, on the transfer check and reserve together: each answer tells which
   * operator a number is on, so the budget is small enough to stop probing.
   */
  transferMax: number;
  /**
   * Per IP and window, on every answer that tells whether a promo code exists: eligibility
   * checks, and quotes and saves that carry promo_code, so codes cannot be guessed in bulk.
   */
  promoMax: number;
  /**
   * Per IP and window, on POST /me/feedback: generous, since many visitors may share one
   * address (a hotel, an airport); feedbackPerDeviceMax is the budget of one visitor.
   */
  feedbackMax: number;
  /** Per device and window, on POST /me/feedback: enough to correct a note, not to flood. */
  feedbackPerDeviceMax: number;
  /**
   * Per IP and window, on POST /consent.json: nearly every visitor answers the consent choice on
   * the first screen, and many share an address (a hotel, an airport), so it is twice feedback's.
   */
  consentMax: number;
  /** Per device and window, on POST /consent.json: a visitor changing their mind a few times, not a flood of rows. */
  consentPerDeviceMax: number;
  /**
   * Per address and window, on POST /collect (the page's beacons): a batch per step change or
   * page hide per visitor, and many visitors share an address (a hotel, an airport).
   */
  collectMax: number;
  /** Per device and window, on POST /collect: a visitor walking fast sends a few batches a minute, not dozens. */
  collectPerDeviceMax: number;
  /** Per address (IPv6 /64) and window, on POST /numbers (new holds and extensions). */
  reserveMax: number;
  /** Per device and window, on POST /numbers. */
  reserveDeviceMax: number;
  /** Per address and window, on check_email (its answer tells nothing about an account; it still writes). */
  checkEmailMax: number;
  /** Per address and window, on send_verification_code (besides the per-e-mail resend wait and hourly cap). */
  codeSendMax: number;
  /** Per address and window, on validate_verification_code (besides the per-code attempts). */
  codeCheckMax: number;
  /** Per address and window, on the password login (besides the failure lock, domain/login-throttle.ts). */
  passwordLoginMax: number;
  /** Per address and window, on social_nonce and social_login together. */
  socialLoginMax: number;
  /** Per address and window, on the location check: enough for tries again, not for mapping the border. */
  locationMax: number;
  /**
   * Per address and window, on the identity calls together (activation method, document, face,
   * id details): each costs the authority an OCR or a face comparison, and the answers must not
   * become a way to test documents in bulk.
   */
  identityMax: number;
  /**
   * Per address and window, on the payment POSTs together (card, its confirm, BNPL, its confirm):
   * a sign-up pays once, so this only has to stop a stolen-card tester.
   */
  paymentMax: number;
  /** Per address and window, on POST /me/contract_request (each sends an e-mail). */
  contractRequestMax: number;
  /**
   * Per address and window, on the places search and the pin's area together: one search per
   * 500 ms pause in typing and one area per pin move, not a free geocoder.
   */
  geoMax: number;
  /** Per address and window, on the shop device's pairing-code requests. */
  retailCodeMax: number;
  /** Per address and window, on the device's token polls (one per 5 s per device; a shop's devices may share an address). */
  retailTokenMax: number;
  /** Per address and window, on the staff and manager sign-ins and the customer-session starts (besides the PIN locks). */
  retailSignInMax: number;
  /** Per address and window, on a manager's approve or deny (besides the wrong codes that end the manager's sign-in). */
  retailApproveMax: number;
}
