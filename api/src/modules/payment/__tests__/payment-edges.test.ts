import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { REDACTED } from '../../../platform/http/log-redaction';
import { cardToken, FAKE_CARD_ORIGIN } from '../../../testing/fake-card-provider';
import { tempDir } from '../../../testing/harness';
import { createPaymentTestApp, newKey, type PaymentTestApp } from '../../../testing/payment-helpers';
import { expectError } from './payment-answers';

/**
 * The payment routes (api/README.md "Payment") on a real SQLite file with the in-memory
 * providers. Visitors reach the payment step for real (number committed, plan saved, e-mail
 * login): is_plan_paid comes from the payments table only. This file: no providers configured, the CSP that frames the card fields, and the log that never holds a card token.
 */
describe('payment without providers', () => {
  let t: PaymentTestApp;
  beforeAll(async () => {
    t = await createPaymentTestApp({ withCard: false, withBnpl: false });
  });
  afterAll(() => t.close());

  it('answers 503 with a clear message', async () => {
    const v = await t.ready();
    const res = await t.get(v, '/api/payment/summary');
    expectError(res, 503, 'payment_unavailable');
    expect((res.json() as { message: string }).message).toMatch(/not available/);
    expectError(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()), 503, 'payment_unavailable');
    expectError(await t.pay(v, '/api/payment/bnpl', { consent: 'true' }, newKey()), 503, 'payment_unavailable');
  });

  it('the CSP frames nothing but this site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/translations?language=en' });
    expect(res.headers['content-security-policy']).not.toContain('frame-src');
  });
});

describe('the CSP with a card provider', () => {
  it('frame-src allows exactly the provider origin, on the document (the page that frames the fields)', async () => {
    const root = tempDir();
    const hostDir = join(root.path, 'host');
    mkdirSync(hostDir, { recursive: true });
    writeFileSync(join(hostDir, 'index.html'), '<!doctype html><html lang="en"><title>Join</title></html>');
    writeFileSync(join(hostDir, 'main.js'), 'console.log(1)');
    const t = await createPaymentTestApp({ static: { hostDir, remoteDirs: {} } });
    try {
      const page = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      const csp = String(page.headers['content-security-policy']);
      const frame = csp.split('; ').find((d) => d.startsWith('frame-src'));
      expect(frame).toBe(`frame-src ${FAKE_CARD_ORIGIN}`);
      expect(csp).toContain("frame-ancestors 'none'");
      // Answers that are no document keep the CSP without frame-src (it means nothing there).
      for (const url of ['/main.js', '/api/translations?language=en']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
        expect(String(res.headers['content-security-policy'])).not.toContain('frame-src');
      }
    } finally {
      await t.close();
      root.remove();
    }
  });
});

describe('the card token stays out of the log', () => {
  it('logs the payment events without any token, and redacts a token wherever something logs a body', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const t = await createPaymentTestApp({ logger: { level: 'trace', stream } });
    try {
      const tokens = [cardToken('expired_card'), cardToken('ok')];
      const v = await t.ready();
      expectError(await t.pay(v, '/api/payment/card', { token: tokens[0] ?? '' }, newKey()), 402, -7109);
      expect((await t.pay(v, '/api/payment/card', { token: tokens[1] ?? '' }, newKey())).statusCode).toBe(200);
      t.app.log.info({ body: { token: tokens[1] } }, 'a careless line');
      const text = lines.join('\n');
      expect(text).toContain('payment captured');
      expect(text).toContain('card declined');
      expect(text).toContain(REDACTED);
      for (const token of tokens) expect(text).not.toContain(token);
    } finally {
      await t.close();
    }
  });
});
