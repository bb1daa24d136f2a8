import { randomBytes, randomInt } from 'node:crypto';
import { CompactSign, exportJWK, generateKeyPair, type JWK } from 'jose';
import { IdempotencyKeys } from '../idempotency-keys';

/**
 * The terminal sandbox's state: its terminals, the payment requests the operator sent them and
 * the signed answer of each settled one. A request waits on its terminal (one at a time, as a
 * real card reader) until someone taps Approve, Decline or Cancel on the terminal's page, the
 * operator cancels it, or it expires (REQUEST_TTL_MS). Once settled it carries a JWS (ES256,
 * this sandbox's key, generated at start, its public half served as a JWKS) over the outcome.
 */
export const SEEDED_TERMINALS = ['term-dxb-mall', 'term-auh-marina'] as const;
export const DECLINE_REASONS = ['insufficient_funds', 'card_expired', 'card_declined', 'pin_incorrect'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];
export type Outcome = 'approved' | 'declined' | 'cancelled' | 'expired';
/** refunded: an approved payment given back (a referenced refund); its signed result stays the approval. */
export type RequestStatus = 'pending' | Outcome | 'refunded';

/** How long a request waits for a tap before the terminal gives up on it. */
export const REQUEST_TTL_MS = 3 * 60 * 1000;

export interface PaymentRequest {
  id: string;
  terminalId: string;
  reference: string;
  amount: number;
  currency: 'AED';
  status: RequestStatus;
  declineReason: DeclineReason | null;
  authCode: string | null;
  createdAt: number;
  settledAt: number | null;
  /** The signed answer (compact JWS), once settled. */
  result: string | null;
}

/** What the JWS carries: the operator checks every field against what it asked for. */
export interface SignedResult {
  request_id: string;
  terminal_id: string;
  reference: string;
  amount: number;
  currency: 'AED';
  outcome: Outcome;
  auth_code: string | null;
  decline_reason: DeclineReason | null;
  time: string;
}

export interface TerminalSigner {
  kid: string;
  jwks: { keys: JWK[] };
  sign(result: SignedResult): Promise<string>;
}

/** A fresh ES256 key pair; the public half as a one-key JWKS. */
export async function generateTerminalSigner(): Promise<TerminalSigner> {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = `term-${randomBytes(6).toString('hex')}`;
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  return {
    kid,
    jwks: { keys: [jwk] },
    sign: (result) =>
      new CompactSign(new TextEncoder().encode(JSON.stringify(result))).setProtectedHeader({ alg: 'ES256', kid, typ: 'terminal-result+jws' }).sign(privateKey),
  };
}

export type CreateOutcome =
  | { kind: 'created' | 'replayed'; request: PaymentRequest }
  | { kind: 'key_reused' | 'unknown_terminal' }
  | { kind: 'busy'; pending: PaymentRequest };

export type SettleOutcome = { kind: 'settled'; request: PaymentRequest } | { kind: 'not_found' } | { kind: 'closed'; request: PaymentRequest };

export class TerminalLedger {
  private readonly requests = new Map<string, PaymentRequest>();
  private readonly keys: IdempotencyKeys;

  constructor(
    private readonly signer: TerminalSigner,
    private readonly now: () => number,
    readonly terminals: ReadonlySet<string> = new Set(SEEDED_TERMINALS),
  ) {
    this.keys = new IdempotencyKeys(now, 24 * 60 * 60 * 1000);
  }

  get(id: string): PaymentRequest | undefined {
    return this.requests.get(id);
  }

  /** The request the terminal shows: the one still pending (expired ones are settled on the way). */
  async pendingOn(terminalId: string): Promise<PaymentRequest | undefined> {
    for (const r of this.requests.values()) {
      if (r.terminalId !== terminalId || r.status !== 'pending') continue;
      if (this.now() - r.createdAt < REQUEST_TTL_MS) return r;
      await this.settle(r, 'expired');
    }
    return undefined;
  }

  /** Expires a request whose time is up (read by the operator after the fact). */
  async refresh(r: PaymentRequest): Promise<PaymentRequest> {
    if (r.status === 'pending' && this.now() - r.createdAt >= REQUEST_TTL_MS) await this.settle(r, 'expired');
    return r;
  }

  async create(key: string, terminalId: string, body: { reference: string; amount: number; currency: 'AED' }): Promise<CreateOutcome> {
    this.keys.prune();
    const fingerprint = { terminalId, ...body };
    const known = this.keys.recall(key, fingerprint, (id) => this.requests.get(id));
    if (known === 'reused') return { kind: 'key_reused' };
    if (known) return { kind: 'replayed', request: known };
    if (!this.terminals.has(terminalId)) return { kind: 'unknown_terminal' };
    const pending = await this.pendingOn(terminalId);
    if (pending) return { kind: 'busy', pending };
    const request: PaymentRequest = {
      id: `tpr_${randomBytes(16).toString('hex')}`,
      terminalId,
      reference: body.reference,
      amount: body.amount,
      currency: body.currency,
      status: 'pending',
      declineReason: null,
      authCode: null,
      createdAt: this.now(),
      settledAt: null,
      result: null,
    };
    this.requests.set(request.id, request);
    this.keys.remember(key, fingerprint, request.id);
    return { kind: 'created', request };
  }

  /** Settles a pending request (a tap on the terminal, the operator's cancel, the time running out). */
  async settle(r: PaymentRequest, outcome: Outcome, declineReason: DeclineReason | null = null): Promise<SettleOutcome> {
    if (r.status !== 'pending') return { kind: 'closed', request: r };
    r.status = outcome;
    r.settledAt = this.now();
    r.declineReason = outcome === 'declined' ? (declineReason ?? 'card_declined') : null;
    r.authCode = outcome === 'approved' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null;
    r.result = await this.signer.sign({
      request_id: r.id,
      terminal_id: r.terminalId,
      reference: r.reference,
      amount: r.amount,
      currency: r.currency,
      outcome,
      auth_code: r.authCode,
      decline_reason: r.declineReason,
      time: new Date(r.settledAt).toISOString(),
    });
    return { kind: 'settled', request: r };
  }

  /** Gives back an approved payment; a refunded one again is the same refund. */
  refund(id: string): PaymentRequest | 'not_found' | 'not_refundable' {
    const r = this.requests.get(id);
    if (!r) return 'not_found';
    if (r.status === 'approved') r.status = 'refunded';
    return r.status === 'refunded' ? r : 'not_refundable';
  }

  async settleById(id: string, outcome: Outcome, declineReason: DeclineReason | null = null): Promise<SettleOutcome> {
    const r = this.requests.get(id);
    if (!r) return { kind: 'not_found' };
    await this.refresh(r);
    return this.settle(r, outcome, declineReason);
  }
}
