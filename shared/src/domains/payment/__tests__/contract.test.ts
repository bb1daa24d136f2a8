import { BnplStartBody, CardFieldsMessage, CardPaymentBody, PaymentResult, PaymentPageMessage } from '../index';

describe('the payment contract under the page zod', () => {
  it('parses the hosted fields messages and refuses anything else', () => {
    expect(CardFieldsMessage.parse({ source: 'join-card-fields', type: 'tokenized', token: 'tok_abcdefgh12', brand: 'visa', last4: '4242' })).toMatchObject({ type: 'tokenized' });
    expect(CardFieldsMessage.safeParse({ source: 'join-card-fields', type: 'tokenized', token: 'tok_abcdefgh12', brand: 'visa', last4: '4242', number: '4242424242424242' }).success).toBe(false);
    expect(CardFieldsMessage.safeParse({ source: 'other', type: 'ready', height: 10 }).success).toBe(false);
    expect(PaymentPageMessage.safeParse({ source: 'join-payment', type: 'tokenize' }).success).toBe(true);
  });

  it('a card payment body carries a token and nothing else (no amount)', () => {
    expect(CardPaymentBody.safeParse({ token: 'tok_abcdefgh12' }).success).toBe(true);
    expect(CardPaymentBody.safeParse({ token: 'tok_abcdefgh12', amount_fils: 1 }).success).toBe(false);
    expect(CardPaymentBody.safeParse({ token: '4242424242424242' }).success).toBe(false);
  });

  it('reads both outcomes of a payment', () => {
    expect(PaymentResult.parse({ status: 'action_required', payment_id: 'pay_12345678', action_url: 'http://127.0.0.1:8092/3ds/ch_1' })).toMatchObject({ status: 'action_required' });
    expect(PaymentResult.safeParse({ status: 'paid' }).success).toBe(false);
  });

  it('the BNPL consent must be given: true as JSON or the form-encoded "true" the kernel client sends', () => {
    expect(BnplStartBody.parse({ consent: 'true' })).toEqual({ consent: true });
    expect(BnplStartBody.parse({ consent: true })).toEqual({ consent: true });
    expect(BnplStartBody.safeParse({ consent: 'false' }).success).toBe(false);
    expect(BnplStartBody.safeParse({}).success).toBe(false);
    expect(BnplStartBody.safeParse({ consent: 'true', amount_fils: 1 }).success).toBe(false);
  });
});
