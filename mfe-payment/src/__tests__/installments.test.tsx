import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paymentApi } from '@join/shared/payment';
import { BNPL, decline, renderAt, summary, watchEachTest } from './helpers';

const w = watchEachTest();

describe.each(['/payment/installments', '/instalments'])('%s', (route) => {
  it('shows the plan: the first today, then each date and amount', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary({ bnpl: BNPL }));
    renderAt(route);
    const plan = await screen.findByRole('region', { name: 'Your payments' });
    expect(screen.getByRole('heading', { level: 1, name: 'Pay in instalments' })).toHaveFocus();
    expect(screen.getByText(/in 4 payments with Spotii/)).toHaveTextContent('Pay AED 57.75 in 4 payments with Spotii.');
    const items = within(plan).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'TodayAED 14.46',
      'Payment 2, 23 December 2026AED 14.43',
      'Payment 3, 23 January 2027AED 14.43',
      'Payment 4, 23 February 2027AED 14.43',
    ]);
  });
});

describe('/payment/installments: the consent and the checkout', () => {
  beforeEach(() => jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary({ bnpl: BNPL })));

  it('needs the consent ticked: an announced error at the box, focused, nothing sent', async () => {
    const share = jest.spyOn(paymentApi, 'shareWithBnpl');
    const start = jest.spyOn(paymentApi, 'startBnpl');
    renderAt('/payment/installments');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to Spotii' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Tick the box to share your details with Spotii');
    const box = screen.getByRole('checkbox', { name: /shared with Spotii/ });
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(start).not.toHaveBeenCalled();
    expect(share).not.toHaveBeenCalled();
  });

  it('consent given: records it (preference 9) before each start, starts the checkout with a key and goes to the provider; the same key on a second try', async () => {
    const order: string[] = [];
    const share = jest.spyOn(paymentApi, 'shareWithBnpl').mockImplementation(async () => {
      order.push('share');
      return { preferences: [{ PreferenceID: 9, Value: true }] };
    });
    const start = jest
      .spyOn(paymentApi, 'startBnpl')
      .mockRejectedValueOnce(decline(null, null))
      .mockResolvedValue({ payment_id: 'pay_abcdefgh1234', checkout_url: 'https://bnpl.example.test/checkout/1' });
    renderAt('/payment/installments');
    await userEvent.click(await screen.findByRole('checkbox', { name: /shared with Spotii/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Spotii' }));
    await waitFor(() => expect(w.errors).toHaveLength(1));
    await w.press(w.errors[0]!, 'retry');
    expect(start).toHaveBeenCalledTimes(2);
    expect(start.mock.calls[0]![0]).toMatch(/^[0-9a-f]{32}$/);
    expect(start.mock.calls[1]![0]).toBe(start.mock.calls[0]![0]);
    expect(w.assign).toHaveBeenCalledWith('https://bnpl.example.test/checkout/1');
    expect(share).toHaveBeenCalledTimes(2);
    start.mock.invocationCallOrder.forEach((at, i) => expect(share.mock.invocationCallOrder[i]).toBeLessThan(at));
    expect(order).toEqual(['share', 'share']);
  });

  it('a consent that could not be recorded starts nothing and offers to try again', async () => {
    const share = jest.spyOn(paymentApi, 'shareWithBnpl').mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue({ preferences: [{ PreferenceID: 9, Value: true }] });
    const start = jest.spyOn(paymentApi, 'startBnpl').mockResolvedValue({ payment_id: 'pay_abcdefgh1234', checkout_url: 'https://bnpl.example.test/checkout/1' });
    renderAt('/payment/installments');
    await userEvent.click(await screen.findByRole('checkbox', { name: /shared with Spotii/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Spotii' }));
    await waitFor(() => expect(w.errors).toHaveLength(1));
    expect(start).not.toHaveBeenCalled();
    await w.press(w.errors[0]!, 'retry');
    expect(share).toHaveBeenCalledTimes(2);
    expect(start).toHaveBeenCalledTimes(1);
    expect(w.assign).toHaveBeenCalledWith('https://bnpl.example.test/checkout/1');
  });

  it('says so when the order cannot be paid in instalments', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary({ bnpl: null }));
    renderAt('/payment/installments');
    expect(await screen.findByText('Paying in instalments is not available for this order. You can pay by card.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to payment' }));
    expect(w.navigations).toEqual(['payment /payment']);
  });
});
