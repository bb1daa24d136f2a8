import { createHash, randomBytes } from 'node:crypto';
import type { CardDeclineReason } from './decline-reasons';
import type { CardBrand } from './public/card-rules.js';
import type { CardScenario } from './test-cards';
import type { CardLanguage } from './texts';

/** A token is good for one charge within 15 minutes; a 3-D Secure challenge waits 15 minutes. */
export const TOKEN_TTL_MS = 15 * 60 * 1000;
export const CHALLENGE_TTL_MS = 15 * 60 * 1000;
export const MAX_3DS_ATTEMPTS = 3;
/** An idempotency key is remembered for 24 hours (as Stripe does), then may be used again. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** At most this much in one charge: AED 1,000,000 in fils. */
export const MAX_AMOUNT_FILS = 100_000_000;

export interface TokenRecord {
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

export interface ChargeRecord {
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

export interface StoredAnswer {
  at: number;
  fingerprint: string;
  status: number;
  body: unknown;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A random id: prefix and 24 letters or digits. */
export function newId(prefix: string): string {
  const bytes = randomBytes(24);
  let out = '';
  for (const b of bytes) out += ALPHANUMERIC[b % ALPHANUMERIC.length];
  return `${prefix}_${out}`;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** The origin of a URL, or null. */
export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The card sandbox's memory: its tokens, charges and the answers kept for idempotency keys. State
 * is in memory (a sandbox restart forgets every token and charge, as a fresh test account would).
 */
export class CardLedger {
  readonly tokens = new Map<string, TokenRecord>();
  readonly charges = new Map<string, ChargeRecord>();
  readonly answers = new Map<string, StoredAnswer>();

  constructor(
    readonly now: () => number,
    private readonly publicUrl: () => string,
  ) {}

  /** Ends a charge that waits for its 3-D Secure check as declined for `reason`. */
  decline(charge: ChargeRecord, reason: CardDeclineReason): ChargeRecord {
    charge.status = 'declined';
    charge.declineReason = reason;
    return charge;
  }

  /** A challenge not answered within 15 minutes was not completed: authentication_cancelled. */
  settle(charge: ChargeRecord): ChargeRecord {
    if (charge.status === 'requires_action' && this.now() - charge.createdAt >= CHALLENGE_TTL_MS) this.decline(charge, 'authentication_cancelled');
    return charge;
  }

  /** Tokens past their life and keys past 24 hours are forgotten (an old token answers token_invalid either way). */
  prune(): void {
    const cutoff = this.now() - 2 * TOKEN_TTL_MS;
    for (const [id, t] of this.tokens) if (t.createdAt < cutoff) this.tokens.delete(id);
    const keyCutoff = this.now() - IDEMPOTENCY_TTL_MS;
    for (const [slot, a] of this.answers) if (a.at <= keyCutoff) this.answers.delete(slot);
  }

  /** A charge as the API answers it. */
  chargeJson(c: ChargeRecord) {
    return {
      id: c.id,
      object: 'charge',
      status: c.status,
      amount: c.amount,
      currency: c.currency,
      reference: c.reference,
      recurring: c.recurring,
      brand: c.brand,
      last4: c.last4,
      action_url: c.status === 'requires_action' ? `${this.publicUrl()}/3ds/${c.id}` : null,
      decline_reason: c.status === 'declined' ? c.declineReason : null,
      amount_refunded: c.refunded,
      created: Math.floor(c.createdAt / 1000),
    };
  }
}
