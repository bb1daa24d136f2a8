import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { CompactSign, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import type { RetailSessionOf, RetailSessions } from '../modules/payment';
import { hashToken } from '../platform/sessions/tokens';

/**
 * Test support: a payment terminal provider over real HTTP on 127.0.0.1, speaking the terminal
 * sandbox's protocol (sandboxes/src/terminal; the API imports none of its code), with what a
 * fraudster would try at hand: a result signed by another key, a result for another amount,
 * reference or terminal, a settled request without a signature. `down` answers 503. It knows the
 * seeded shops' terminals and any `term-test-…` (one per test visitor: a terminal takes one payment at a time).
 */
export const FAKE_TERMINAL_KEY = 'fake-terminal-key-0123456789';

interface Request {
  id: string;
  terminal_id: string;
  reference: string;
  amount: number;
  status: string;
  result: string | null;
}

export interface Forgery {
  /** Signed by a key the provider's JWKS does not hold. */
  otherKey?: boolean;
  /** Signed by the right key, over other values. */
  tamper?: Partial<{ amount: number; reference: string; terminal_id: string; request_id: string }>;
  /** Settled with no signature at all. */
  unsigned?: boolean;
}

export interface FakeTerminal {
  url: string;
  requests: Request[];
  down: boolean;
  refunds: string[];
  /** What the terminal's screen does with the latest request (or `id`). */
  settle(outcome: 'approved' | 'declined' | 'cancelled', options?: Forgery & { reason?: string; id?: string }): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeTerminal(terminals: readonly string[] = ['term-dxb-mall', 'term-auh-marina']): Promise<FakeTerminal> {
  const key = await generateKeyPair('ES256');
  const other = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(key.publicKey)), kid: 'k1', alg: 'ES256' };
  const requests: Request[] = [];
  const keys = new Map<string, string>();
  const refunds: string[] = [];
  const app: FastifyInstance = Fastify();
  const state = { down: false };

  const sign = (payload: object, privateKey: CryptoKey) =>
    new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader({ alg: 'ES256', kid: 'k1' }).sign(privateKey);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/')) return;
    if (state.down) return reply.code(503).send({ error: 'unavailable' });
    if (request.headers.authorization !== `Bearer ${FAKE_TERMINAL_KEY}`) return reply.code(401).send({ error: 'unauthorized' });
  });
  app.get('/.well-known/jwks.json', async () => ({ keys: [jwk] }));
  app.post('/v1/terminals/:tid/payment-requests', async (request, reply) => {
    const { tid } = request.params as { tid: string };
    const body = request.body as { reference: string; amount: number; currency: string };
    const idem = String(request.headers['idempotency-key']);
    const known = requests.find((r) => r.id === keys.get(idem));
    if (known) return reply.code(200).send(known);
    if (!terminals.includes(tid) && !tid.startsWith('term-test-')) return reply.code(404).send({ error: 'unknown_terminal' });
    if (requests.some((r) => r.terminal_id === tid && r.status === 'pending')) return reply.code(409).send({ error: 'terminal_busy' });
    const made = { id: `tpr_${randomBytes(16).toString('hex')}`, terminal_id: tid, reference: body.reference, amount: body.amount, status: 'pending', result: null };
    requests.push(made);
    keys.set(idem, made.id);
    return reply.code(201).send(made);
  });
  const find = (id: string) => requests.find((r) => r.id === id);
  app.get('/v1/payment-requests/:id', async (request, reply) => find((request.params as { id: string }).id) ?? reply.code(404).send({ error: 'not_found' }));
  app.post('/v1/payment-requests/:id/cancel', async (request, reply) => {
    const r = find((request.params as { id: string }).id);
    if (!r) return reply.code(404).send({ error: 'not_found' });
    if (r.status === 'pending') await settle(r, 'cancelled');
    return r.status === 'cancelled' ? r : reply.code(409).send({ error: 'already_settled', ...r });
  });
  app.post('/v1/payment-requests/:id/refund', async (request, reply) => {
    const r = find((request.params as { id: string }).id);
    if (!r) return reply.code(404).send({ error: 'not_found' });
    if (r.status !== 'approved' && r.status !== 'refunded') return reply.code(422).send({ error: 'not_refundable' });
    if (r.status === 'approved') refunds.push(r.id);
    r.status = 'refunded';
    return r;
  });

  async function settle(r: Request, outcome: string, options: Forgery & { reason?: string } = {}) {
    r.status = outcome;
    const payload = {
      request_id: r.id,
      terminal_id: r.terminal_id,
      reference: r.reference,
      amount: r.amount,
      currency: 'AED',
      outcome,
      auth_code: outcome === 'approved' ? '123456' : null,
      decline_reason: outcome === 'declined' ? (options.reason ?? 'card_declined') : null,
      time: new Date().toISOString(),
      ...options.tamper,
    };
    r.result = options.unsigned ? null : await sign(payload, (options.otherKey ? other : key).privateKey);
  }

  await app.listen({ port: 0, host: '127.0.0.1' });
  const fake: FakeTerminal = {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    requests,
    refunds,
    get down() {
      return state.down;
    },
    set down(v: boolean) {
      state.down = v;
    },
    async settle(outcome, options = {}) {
      const r = options.id ? find(options.id) : requests.at(-1);
      if (!r) throw new Error('no terminal request to settle');
      await settle(r, outcome, options);
    },
    close: () => app.close(),
  };
  return fake;
}

/** The retail module's port as the tests give it: the sessions marked retail, by their token. */
export class TestRetailSessions implements RetailSessions {
  private readonly sessions = new Map<string, RetailSessionOf>();
  mark(sessionId: string, retail: Partial<RetailSessionOf> = {}): void {
    this.sessions.set(hashToken(sessionId), { shopId: 'dxb-mall', deviceId: 'dev-1', staffId: 'S1001', terminalId: 'term-dxb-mall', ...retail });
  }
  async sessionOf(tokenHash: string): Promise<RetailSessionOf | null> {
    return this.sessions.get(tokenHash) ?? null;
  }
}
