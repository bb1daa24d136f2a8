import { act, screen } from '@testing-library/react';
import axe from 'axe-core';
import { applyFlowStatus, EMPTY_FLOW_FLAGS } from '@join/shared';
import { paymentApi } from '@join/shared/payment';
import { BNPL, decline, fieldsMessage, fromFrame, receipt, renderAt, summary, watchEachTest } from './helpers';

/**
 * axe on every screen's markup (jsdom: no layout, so colour contrast and the like are left to the
 * e2e run in Chromium). Any violation fails, with its rule and nodes. `region` is off here only
 * because the step renders alone, without the host's landmarks around it (its main is the host's):
 * the host's axe test (host/src/shell/__tests__/axe.test.tsx) and the e2e walks hold it, with the
 * page's other rules (landmark-unique is on here: a step must not draw a landmark the shell has).
 */
async function expectNoViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

watchEachTest();

describe('axe', () => {
  it('/payment: summary and method choice, with its error', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary({ bnpl: BNPL, promo_hint: true }));
    const { container } = renderAt('/payment');
    await screen.findByRole('radiogroup');
    await expectNoViolations(container);
    act(() => screen.getByRole('button', { name: 'Continue' }).click());
    await expectNoViolations(container);
  });

  it('/payment: the card, a commitment, a frame error', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary({ recurring: true }));
    const { container } = renderAt('/payment');
    await screen.findByText('Loading the card form…');
    fromFrame(fieldsMessage('ready', { height: 300 }));
    await expectNoViolations(container);
    jest.spyOn(document.querySelector('iframe')!.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    act(() => screen.getByRole('button', { name: 'Pay AED 57.75' }).click());
    fromFrame(fieldsMessage('error', { code: 'network' }));
    await screen.findByRole('alert');
    await expectNoViolations(container);
  });

  it('/payment: pay at the counter, sending and waiting on the terminal', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary({ counter: { terminal_id: 'term-dxb-mall' } }));
    jest.spyOn(paymentApi, 'startCounter').mockResolvedValue({ payment_id: 'pay_abcdefgh1234', status: 'pending', terminal_id: 'term-dxb-mall' });
    jest.spyOn(paymentApi, 'confirmCounter').mockResolvedValue({ status: 'pending', payment_id: 'pay_abcdefgh1234' });
    const { container } = renderAt('/payment');
    const counter = await screen.findByRole('radio', { name: /Pay at the counter/ });
    act(() => counter.click());
    await expectNoViolations(container);
    act(() => screen.getByRole('button', { name: 'Continue' }).click());
    await expectNoViolations(container);
    act(() => screen.getByRole('button', { name: 'Send to the terminal' }).click());
    await screen.findByRole('button', { name: 'Cancel' });
    await expectNoViolations(container);
  });

  it('/payment/installments with the consent error', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary({ bnpl: BNPL }));
    const { container } = renderAt('/payment/installments');
    (await screen.findByRole('button', { name: 'Continue to Spotii' })).click();
    await screen.findByRole('alert');
    await expectNoViolations(container);
  });

  it('the return pages, the confirmation, the QR, the contract', async () => {
    jest.spyOn(paymentApi, 'confirmCard').mockRejectedValue(decline(null, null));
    let view = renderAt('/payment/payfort_token?payment=pay_abcdefgh1234');
    await screen.findByText('Confirming your payment…');
    await expectNoViolations(view.container);
    view.unmount();
    view = renderAt('/payment/payfort_token');
    await screen.findByRole('alert');
    await expectNoViolations(view.container);
    view.unmount();

    jest.spyOn(paymentApi, 'receipt').mockResolvedValue({ receipt: receipt({ method: 'bnpl', card: null, instalments: BNPL.instalments }) });
    view = renderAt('/payment/confirmation');
    await screen.findByText('JN-7Q4K-2M9X');
    await expectNoViolations(view.container);
    view.unmount();

    view = renderAt('/payment-qr');
    await screen.findByRole('img', { name: /QR code/ });
    await expectNoViolations(view.container);
    view.unmount();

    act(() =>
      applyFlowStatus({
        flow_status_flags: EMPTY_FLOW_FLAGS,
        flow_context: { resident_type: null, sim_type: null, inside_uae: null, has_delivery_form: false, terminated_email: null, retail: false },
      }),
    );
    view = renderAt('/contract-request');
    await screen.findByRole('link', { name: 'Log in' });
    await expectNoViolations(view.container);
  });

  it('/payment: a payment left open, then cancelled', async () => {
    const open = { payment_id: 'pay_abcdefgh12', method: 'card', amount_fils: 3675, action_url: 'https://cards.example.test/3ds/ch_1', started_at: '2026-11-23T10:00:00.000Z', expires_at: '2026-11-23T10:15:00.000Z' };
    jest.spyOn(paymentApi, 'summary').mockResolvedValueOnce(summary({ open_payment: open })).mockResolvedValue(summary({ bnpl: BNPL }));
    jest.spyOn(paymentApi, 'cancel').mockResolvedValue({ status: 'cancelled' });
    const { container } = renderAt('/payment');
    await screen.findByRole('region', { name: 'You have a payment open' });
    await expectNoViolations(container);
    act(() => screen.getByRole('button', { name: 'Cancel this payment' }).click());
    await screen.findByRole('radiogroup');
    await expectNoViolations(container);
  });
});
