import { Receipt } from '@join/shared/contract';
import { AR_TRANSLATIONS } from '@join/shared/texts-ar';
import { formatFils, receiptMail } from '../payment-mail';

/**
 * The receipt e-mail: a BNPL payment's receipt said "Amount paid AED 103.95"
 * when AED 26.01 was paid today and the rest is due in instalments. It says what was paid today,
 * what is still to pay, and the order's total; a card receipt keeps "Amount paid".
 */
const base = {
  reference: 'JN-7Q4K-2M9X',
  amount_fils: 10395,
  vat_fils: 495,
  vat_percentage: 5,
  currency: 'AED',
  product_name: 'Explorer 50 GB',
  msisdn: '971585824920',
  paid_at: '2026-11-23T10:15:00.000Z',
  email: 'visitor@example.com',
};
const BNPL = Receipt.parse({
  ...base,
  method: 'bnpl',
  card: null,
  instalments: [
    { number: 1, due_date: '2026-11-23', amount_fils: 2601 },
    { number: 2, due_date: '2026-12-23', amount_fils: 2598 },
    { number: 3, due_date: '2027-01-23', amount_fils: 2598 },
    { number: 4, due_date: '2027-02-23', amount_fils: 2598 },
  ],
});
const CARD = Receipt.parse({ ...base, method: 'card', card: { brand: 'visa', last4: '4242' }, instalments: null });

describe('receipt e-mail', () => {
  it('BNPL: paid today AED 26.01, still to pay AED 77.94, order total AED 103.95; never "Amount paid AED 103.95"', () => {
    const m = receiptMail(BNPL, 'en', 'Spotii');
    expect(m.text).toContain('Paid today: AED 26.01');
    expect(m.text).toContain('Still to pay in instalments: AED 77.94');
    expect(m.text).toContain('Order total: AED 103.95');
    expect(m.text).not.toContain('Amount paid');
    expect(m.text).toContain('Payment 2 on 2026-12-23: AED 25.98');
    expect(m.html).toContain('Paid today');
  });

  it('BNPL in Arabic: the same rows in Arabic', () => {
    const m = receiptMail(BNPL, 'ar', 'Spotii');
    for (const key of ['payment.mail.receipt.paidToday', 'payment.mail.receipt.dueLater', 'payment.mail.receipt.total'] as const) {
      expect(AR_TRANSLATIONS[key]).toMatch(/\p{Script=Arabic}/u);
    }
    expect(m.text).toContain(`${AR_TRANSLATIONS['payment.mail.receipt.paidToday']}: ${formatFils(2601, 'ar')}`);
    expect(m.text).toContain(`${AR_TRANSLATIONS['payment.mail.receipt.dueLater']}: ${formatFils(7794, 'ar')}`);
    expect(m.text).toContain(`${AR_TRANSLATIONS['payment.mail.receipt.total']}: ${formatFils(10395, 'ar')}`);
    expect(m.text).not.toContain(AR_TRANSLATIONS['payment.mail.receipt.amount']);
  });

  it('a card: the amount paid, as before', () => {
    const m = receiptMail(CARD, 'en', null);
    expect(m.text).toContain('Amount paid: AED 103.95');
    expect(m.text).not.toContain('Paid today');
  });
});
