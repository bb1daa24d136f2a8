import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, applyFlowStatus, bus, EMPTY_FLOW_FLAGS, i18n } from '@join/shared';
import { paymentApi } from '@join/shared/payment';
import { BNPL, decline, receipt, renderAt, watchEachTest } from './helpers';

const w = watchEachTest();
const context = { resident_type: null, sim_type: null, inside_uae: null, has_delivery_form: false, terminated_email: null, retail: false };

describe('/payment/confirmation', () => {
  it('shows the receipt: reference, amount, VAT, card, plan, number, date, where it was sent', async () => {
    jest.spyOn(paymentApi, 'receipt').mockResolvedValue({ receipt: receipt() });
    renderAt('/payment/confirmation');
    expect(await screen.findByText('JN-7Q4K-2M9X')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment received' })).toHaveFocus();
    const card = screen.getByRole('region', { name: 'Your receipt' });
    expect(card).toHaveTextContent('Amount paidAED 57.75');
    expect(card).toHaveTextContent('Of which VAT 5%AED 2.75');
    expect(card).toHaveTextContent('Paid withVisa ending 4242');
    expect(card).toHaveTextContent('PlanTourist 20 GB');
    expect(card).toHaveTextContent('Your number0585824920');
    expect(card).toHaveTextContent('Date23 November 2026');
    expect(screen.getByText(/A receipt was sent to/)).toHaveTextContent('A receipt was sent to visitor@example.com.');
  });

  it('lists the instalments of a BNPL payment', async () => {
    jest.spyOn(paymentApi, 'receipt').mockResolvedValue({ receipt: receipt({ method: 'bnpl', card: null, instalments: BNPL.instalments }) });
    renderAt('/payment/confirmation');
    const card = await screen.findByRole('region', { name: 'Your receipt' });
    expect(card).toHaveTextContent('Paid withSpotii, in instalments');
    expect(within(card).getAllByRole('listitem')).toHaveLength(4);
  });

  // Not "Amount paid AED 103.95" when AED 26.01 was paid today, the rest due in instalments.
  it('a BNPL receipt says what was paid today and what is still to pay, beside the order total', async () => {
    jest.spyOn(paymentApi, 'receipt').mockResolvedValue({ receipt: receipt({ method: 'bnpl', card: null, instalments: BNPL.instalments }) });
    renderAt('/payment/confirmation');
    const card = await screen.findByRole('region', { name: 'Your receipt' });
    // 5775 fils: 1446 today, 3 x 1443 later (helpers BNPL).
    expect(card).toHaveTextContent('Paid todayAED 14.46');
    expect(card).toHaveTextContent('Still to pay in instalmentsAED 43.29');
    expect(card).toHaveTextContent('Order totalAED 57.75');
    expect(card).not.toHaveTextContent('Amount paid');
  });

  it('in Arabic too: paid today, still to pay, order total (the words of the payment contract’s texts.ar.ts)', async () => {
    const AR = { paidToday: 'المدفوع اليوم', dueLater: 'المتبقي على الأقساط', total: 'إجمالي الطلب' };
    act(() => {
      i18n.set('ar', {
        'payment.receipt.heading': 'إيصالك',
        'payment.receipt.paidToday': AR.paidToday,
        'payment.receipt.dueLater': AR.dueLater,
        'payment.receipt.total': AR.total,
      });
      i18n.setLanguage('ar');
    });
    try {
      jest.spyOn(paymentApi, 'receipt').mockResolvedValue({ receipt: receipt({ method: 'bnpl', card: null, instalments: BNPL.instalments }) });
      renderAt('/payment/confirmation');
      const card = await screen.findByRole('region', { name: 'إيصالك' });
      const rows = within(card).getAllByRole('term').map((dt) => dt.textContent);
      expect(rows).toEqual(expect.arrayContaining([AR.paidToday, AR.dueLater, AR.total]));
      expect(rows.indexOf(AR.paidToday)).toBeLessThan(rows.indexOf(AR.dueLater));
    } finally {
      act(() => i18n.setLanguage('en'));
    }
  });

  it('a card receipt still says the amount paid', async () => {
    jest.spyOn(paymentApi, 'receipt').mockResolvedValue({ receipt: receipt() });
    renderAt('/payment/confirmation');
    const card = await screen.findByRole('region', { name: 'Your receipt' });
    expect(card).toHaveTextContent('Amount paidAED 57.75');
    expect(card).not.toHaveTextContent('Paid today');
  });

  it('Continue reads the flow status, then announces payment:completed', async () => {
    jest.spyOn(paymentApi, 'receipt').mockResolvedValue({ receipt: receipt() });
    const status = jest.spyOn(api, 'getFlowStatus').mockResolvedValue({ flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_plan_paid: true }, flow_context: context });
    const done: string[] = [];
    const off = bus.on('payment:completed', (e) => done.push(e.method));
    renderAt('/payment/confirmation');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(done).toEqual(['card']));
    expect(status).toHaveBeenCalled();
    off();
  });
});

describe('/payment-qr', () => {
  it("draws a QR code of this page's /payment with a text alternative, and the address", async () => {
    renderAt('/payment-qr');
    const code = await screen.findByRole('img', { name: 'QR code that opens this payment on your phone' });
    expect(code.tagName.toLowerCase()).toBe('svg');
    expect(code.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(100);
    const address = `${window.location.origin}${window.location.pathname}#/payment`;
    expect(screen.getByText(address)).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText(/Scan this code with your phone camera to pay there/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay on this device' }));
    expect(w.navigations).toEqual(['payment /payment']);
  });
});

describe('/contract-request', () => {
  it('logged in: sends the contract and says where', async () => {
    act(() => applyFlowStatus({ flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_logged_in_via_email: true }, flow_context: context }));
    const send = jest.spyOn(paymentApi, 'requestContract').mockResolvedValue({ email: 'visitor@example.com' });
    renderAt('/contract-request');
    expect(await screen.findByRole('heading', { level: 1, name: 'Get your contract by e-mail' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send my contract' }));
    expect(await screen.findByText(/Sent to/)).toHaveTextContent('Sent to visitor@example.com.');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a failure goes to the pop-up, whose Retry sends again', async () => {
    act(() => applyFlowStatus({ flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_logged_in_via_email: true }, flow_context: context }));
    const send = jest.spyOn(paymentApi, 'requestContract').mockRejectedValueOnce(decline(null, null)).mockResolvedValue({ email: 'visitor@example.com' });
    renderAt('/contract-request');
    await userEvent.click(await screen.findByRole('button', { name: 'Send my contract' }));
    await waitFor(() => expect(w.errors).toHaveLength(1));
    await w.press(w.errors[0]!, 'retry');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('not logged in: why, and a link to log in', async () => {
    act(() => applyFlowStatus({ flow_status_flags: EMPTY_FLOW_FLAGS, flow_context: context }));
    const send = jest.spyOn(paymentApi, 'requestContract');
    renderAt('/contract-request');
    expect(await screen.findByText(/Log in to get your contract/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '#/login');
    expect(send).not.toHaveBeenCalled();
  });
});
