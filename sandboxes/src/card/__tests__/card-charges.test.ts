import { CARD_DECLINE_REASONS } from '../decline-reasons';
import { IDEMPOTENCY_TTL_MS, TOKEN_TTL_MS } from '../card-app';
import { TEST_CARDS } from '../test-cards';
import { cardUnderTest, SANDBOX, SECRET, type Charge } from './helpers';

/** The card provider sandbox: the merchant's server-to-server API: charges, test cards' scenarios, idempotency, refunds. */
describe('card provider sandbox', () => {
  const { sandbox, AUTH, key, tokenOf, chargeBody, charge } = cardUnderTest();

  describe('charges', () => {
    it('refuses a call without the secret key', async () => {
      const token = await tokenOf('4242424242424242');
      for (const headers of [{}, { authorization: 'Bearer wrong-key' }, { authorization: SECRET }]) {
        const res = await sandbox.app.inject({ method: 'POST', url: '/v1/charges', headers: { ...headers, 'idempotency-key': key() }, payload: chargeBody(token) });
        expect(res.statusCode).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer');
      }
      expect((await sandbox.app.inject({ method: 'GET', url: '/v1/charges/ch_x' })).statusCode).toBe(401);
      expect((await sandbox.app.inject({ method: 'POST', url: '/v1/refunds', headers: { 'idempotency-key': key() }, payload: { charge: 'ch_x', amount: 1 } })).statusCode).toBe(401);
      // The refused calls did not use the token.
      expect((await charge(token)).json<Charge>().status).toBe('succeeded');
    });

    it('requires an Idempotency-Key and a well-formed body', async () => {
      const token = await tokenOf('4242424242424242');
      const noKey = await sandbox.app.inject({ method: 'POST', url: '/v1/charges', headers: AUTH, payload: chargeBody(token) });
      expect([noKey.statusCode, noKey.json<{ error: string }>().error]).toEqual([400, 'idempotency_key_required']);
      for (const bad of [{ currency: 'USD' }, { amount: 0 }, { amount: 12.5 }, { return_url: 'javascript:alert(1)' }, { return_url: 'https://evil.example/back' }, { extra: 1 }]) {
        const res = await charge(token, bad);
        expect(res.statusCode).toBe(400);
        expect(res.json<{ error: string; message: string }>().message.length).toBeGreaterThan(5);
      }
      expect((await charge(token)).json<Charge>().status).toBe('succeeded');
    });

    const outcomes = TEST_CARDS.map((c) => {
      const expected =
        c.scenario.kind === 'decline'
          ? { status: 'declined', decline_reason: c.scenario.reason }
          : c.scenario.kind === 'three_ds'
            ? { status: 'requires_action', decline_reason: null }
            : { status: 'succeeded', decline_reason: null };
      return [c.number, c.label, expected] as const;
    });

    it.each(outcomes)('charges test card %s (%s)', async (number, _label, expected) => {
      const token = await tokenOf(number);
      const res = await charge(token, { amount: 12345 });
      expect(res.statusCode).toBe(200);
      const body = res.json<Charge>();
      expect(body).toMatchObject({ ...expected, amount: 12345, last4: number.slice(-4), brand: number.startsWith('4') ? 'visa' : number.startsWith('5') ? 'mastercard' : 'amex' });
      expect(body.id).toMatch(/^ch_/);
      expect(body.action_url).toBe(expected.status === 'requires_action' ? `${SANDBOX}/3ds/${body.id}` : null);
      const again = await sandbox.app.inject({ method: 'GET', url: `/v1/charges/${body.id}`, headers: AUTH });
      expect(again.json()).toEqual(body);
    });

    it('has a card for every decline reason that is a card\'s', () => {
      const byCard = new Set(TEST_CARDS.flatMap((c) => (c.scenario.kind === 'decline' ? [c.scenario.reason] : c.scenario.kind === 'no_recurring' ? ['recurring_not_allowed'] : [])));
      const fromFlow = ['token_invalid', 'authentication_failed', 'authentication_cancelled'];
      expect([...byCard, ...fromFlow].sort()).toEqual([...CARD_DECLINE_REASONS].sort());
    });

    it('charges any other valid card', async () => {
      const res = await charge(await tokenOf('5105105105105100'));
      expect(res.json<Charge>()).toMatchObject({ status: 'succeeded', brand: 'mastercard', last4: '5100' });
    });

    it('declines recurring charges on the card that does not allow them, only when recurring', async () => {
      const once = await charge(await tokenOf('4000000000000101'), { recurring: false });
      expect(once.json<Charge>().status).toBe('succeeded');
      const plan = await charge(await tokenOf('4000000000000101'), { recurring: true });
      expect(plan.json<Charge>()).toMatchObject({ status: 'declined', decline_reason: 'recurring_not_allowed' });
      const visa = await charge(await tokenOf('4242424242424242'), { recurring: true });
      expect(visa.json<Charge>().status).toBe('succeeded');
    });

    it('declines a used, expired or unknown token with token_invalid', async () => {
      const token = await tokenOf('4242424242424242');
      expect((await charge(token)).json<Charge>().status).toBe('succeeded');
      expect((await charge(token)).json<Charge>()).toMatchObject({ status: 'declined', decline_reason: 'token_invalid', brand: 'visa', last4: '4242' });

      const late = await tokenOf('4242424242424242');
      sandbox.clock += TOKEN_TTL_MS;
      expect((await charge(late)).json<Charge>()).toMatchObject({ status: 'declined', decline_reason: 'token_invalid' });

      const almost = await tokenOf('4242424242424242');
      sandbox.clock += TOKEN_TTL_MS - 1;
      expect((await charge(almost)).json<Charge>().status).toBe('succeeded');

      expect((await charge('tok_neverissued00000000000')).json<Charge>()).toMatchObject({ status: 'declined', decline_reason: 'token_invalid', brand: null, last4: null });
      // A declined card's token is used up too.
      const declined = await tokenOf('4000000000000002');
      expect((await charge(declined)).json<Charge>().decline_reason).toBe('generic_decline');
      expect((await charge(declined)).json<Charge>().decline_reason).toBe('token_invalid');
    });

    it('answers the same charge for the same key and body, and refuses the key with another body', async () => {
      const token = await tokenOf('4242424242424242');
      const first = await charge(token, {}, 'order-1');
      const second = await charge(token, {}, 'order-1');
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(second.headers['idempotent-replayed']).toBe('true');
      const other = await charge(token, { amount: 100 }, 'order-1');
      expect(other.statusCode).toBe(422);
      expect(other.json<{ error: string }>().error).toBe('idempotency_mismatch');
      // The replay did not consume anything: a new key on the same token is a new, token_invalid, charge.
      const fresh = await charge(token, {}, 'order-2');
      expect(fresh.json<Charge>()).toMatchObject({ status: 'declined', decline_reason: 'token_invalid' });
      expect(fresh.json<Charge>().id).not.toBe(first.json<Charge>().id);
    });

    it('forgets a key after 24 hours', async () => {
      const first = await charge(await tokenOf('4242424242424242'), {}, 'daily');
      sandbox.clock += IDEMPOTENCY_TTL_MS - 1;
      expect((await charge('tok_other', {}, 'daily')).statusCode).toBe(422);
      sandbox.clock += 1;
      const later = await charge(await tokenOf('4242424242424242'), {}, 'daily');
      expect(later.json<Charge>().status).toBe('succeeded');
      expect(later.json<Charge>().id).not.toBe(first.json<Charge>().id);
    });

    it('makes exactly one charge for one key sent many times at once', async () => {
      const token = await tokenOf('4242424242424242');
      const answers = await Promise.all(Array.from({ length: 8 }, () => charge(token, {}, 'same-time')));
      const ids = new Set(answers.map((a) => a.json<Charge>().id));
      expect(ids.size).toBe(1);
      expect(answers.every((a) => a.json<Charge>().status === 'succeeded')).toBe(true);
    });

    it('answers 404 for an unknown charge', async () => {
      const res = await sandbox.app.inject({ method: 'GET', url: '/v1/charges/ch_unknown', headers: AUTH });
      expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([404, 'not_found']);
    });
  });


  describe('refunds', () => {
    const refund = (chargeId: string, amount: number, idempotencyKey = key()) =>
      sandbox.app.inject({ method: 'POST', url: '/v1/refunds', headers: { ...AUTH, 'idempotency-key': idempotencyKey }, payload: { charge: chargeId, amount } });

    it('refunds up to the captured amount, once per key', async () => {
      const c = (await charge(await tokenOf('4242424242424242'), { amount: 10000 })).json<Charge>();
      const part = await refund(c.id, 4000, 'refund-1');
      expect(part.statusCode).toBe(200);
      expect(part.json()).toMatchObject({ charge: c.id, amount: 4000, status: 'succeeded' });
      expect(part.json<{ id: string }>().id).toMatch(/^re_/);
      const replay = await refund(c.id, 4000, 'refund-1');
      expect(replay.json()).toEqual(part.json());
      expect((await refund(c.id, 5000, 'refund-1')).statusCode).toBe(422);
      const tooMuch = await refund(c.id, 6001);
      expect([tooMuch.statusCode, tooMuch.json<{ error: string }>().error]).toEqual([422, 'not_refundable']);
      expect((await refund(c.id, 6000)).statusCode).toBe(200);
      expect((await sandbox.app.inject({ method: 'GET', url: `/v1/charges/${c.id}`, headers: AUTH })).json<Charge>().amount_refunded).toBe(10000);
      expect((await refund(c.id, 1)).statusCode).toBe(422);
    });

    it('refuses declined, pending and unknown charges', async () => {
      const declined = (await charge(await tokenOf('4000000000000002'))).json<Charge>();
      expect((await refund(declined.id, 100)).json<{ error: string }>().error).toBe('not_refundable');
      const pending = (await charge(await tokenOf('4000000000003220'))).json<Charge>();
      expect((await refund(pending.id, 100)).json<{ error: string }>().error).toBe('not_refundable');
      const unknown = await refund('ch_unknown', 100);
      expect([unknown.statusCode, unknown.json<{ error: string }>().error]).toEqual([404, 'not_found']);
      expect((await sandbox.app.inject({ method: 'POST', url: '/v1/refunds', headers: AUTH, payload: { charge: declined.id, amount: 100 } })).statusCode).toBe(400);
    });
  });
});
