import type { FacePrompt, FlowStatusFlags } from '@join/shared/contract';
// The module types come from the files that define them, not from the modules' entries: the
// entries carry the route plugins, which read this context, and the types would tie a circle.
import type { SocialProviderConfig } from './modules/account/signin/id-token-verifier';
import type { Store } from './store';
import type { ThrottleRules } from './modules/account/login-throttle';
import type { CodeRules } from './modules/account/verification-codes';
import type { Mailer } from './platform/mail/mailer';
import type { IdentityAuthority } from './modules/identity/authority-client';
import type { HoldLimits } from './modules/numbers/holds';
import type { CaptchaGate } from './modules/numbers/captcha';
import type { TransferCheckBudget } from './modules/numbers/transfer-budget';
import type { PortabilityLookup } from './modules/numbers/portability-client';
import type { BnplProvider, CardProvider } from './modules/payment/providers';
import type { CourierProvider, EsimProvider } from './modules/fulfilment/providers';

/** What route handlers share: the store, the injected clock and the tunables of buildApp. */
export interface AppContext {
  store: Store;
  now: () => number;
  random: () => number;
  holdMs: number;
  session: { idleMs: number; absoluteMs: number };
  /** Overrides of the stored business config: maintenance_mode (undefined: stored), promo_codes_enabled. */
  bizConfig: { maintenanceMode: string | null | undefined; fail: boolean; promoCodesEnabled: boolean };
  rateLimit: RateLimitOptions;
  /** Anti-hoarding limits on new holds (HOLD_LIMITS unless buildApp is told otherwise). */
  holdLimits: HoldLimits;
  /** The proof-of-work challenge an address past its per-address threshold solves instead of being refused. */
  captcha: CaptchaGate;
  /** Who checked which numbers for transfer (the operator lookup budget). */
  transferChecks: TransferCheckBudget;
  /** See AppOptions.flowFlagsOverlay. */
  flowFlagsOverlay?: (uid: string) => OverlayFlags;
  /** Sends the account e-mails (verification codes). */
  mailer: Mailer;
  /** The social sign-in (Google, or the sandbox acting as it); null: off. */
  social: SocialProviderConfig | null;
  /** The account rules' tunables (domain defaults unless buildApp is told otherwise). */
  accounts: AccountRules;
  /** The identity authority (its sandbox, or the government service); without one every identity call answers -607. */
  authority: IdentityAuthority;
  /** The identity check's tunables, and the SIMs sold to one document (domain/sim-limit.ts). */
  identity: { pendingTtlMs: number; maxSimsPerDocument: number; facePrompts: readonly FacePrompt[] };
  /** The payment providers; without one its payment routes answer 503. */
  payment: {
    card: CardProvider | null;
    bnpl: BnplProvider | null;
    /** The page's origin for the providers' return addresses (JOIN_PUBLIC_URL); null: the request's own Origin. */
    publicOrigin: string | null;
  };
  /** The courier: delivery and store pickup jobs. Required: buildApp refuses to start without one. */
  courier: CourierProvider;
  /** The eSIM provisioning service. Required: buildApp refuses to start without one. */
  esim: EsimProvider;
  /** The number-portability lookup (the transfer's checks). Required: buildApp refuses to start without one. */
  portability: PortabilityLookup;
}

/**
 * Flags a test may lay over the derived ones: those the server does not store yet (delivery,
 * activation). The login flags are never overlaid: a test logs in for real.
 */
export type OverlayFlags = Partial<Omit<FlowStatusFlags, 'is_logged_in_via_email' | 'has_password'>>;

export interface AccountRules {
  codes: CodeRules;
  /** Password failures of one e-mail at one address (never of the e-mail everywhere: issue 23). */
  emailThrottle: ThrottleRules;
  /** Password failures of one address over all e-mails. */
  addressThrottle: ThrottleRules;
  /** How long a social-login nonce stays usable. */
  nonceTtlMs: number;
}

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
  /** Per address (IPv6 /64) and window, on POST /numbers (new holds and extensions). */
  reserveMax: number;
  /** Per device and window, on POST /numbers. */
  reserveDeviceMax: number;
  /** Per address and window, on check_email (its answer tells nothing about an account since issue 23; it still writes). */
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
}
