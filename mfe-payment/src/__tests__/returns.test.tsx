import { screen, waitFor } from '@testing-library/react';
import { paymentApi } from '@join/shared/payment';
import { decline, receipt, renderAt, watchEachTest } from './helpers';

const w = watchEachTest();

const PAY = 'pay_abcdefgh1234';

describe('/payment/payfort_token (back from 3-D Secure)', () => {
  it('confirms the payment of the address with a key kept per payment, announcing it; paid: the confirmation', async () => {
    const confirm = jest.spyOn(paymentApi, 'confirmCard').mockResolvedValue({ status: 'paid', receipt: receipt() });
    renderAt(`/payment/payfort_token?payment=${PAY}`);
    expect(await screen.findByText('Confirming your payment…')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(w.navigations).toEqual(['payment /payment/confirmation']));
    expect(confirm).toHaveBeenCalledWith(PAY, expect.stringMatching(/^[0-9a-f]{32}$/));
  });

  it('a reload of the page confirms with the same key', async () => {
    let resolve!: () => void;
    const confirm = jest.spyOn(paymentApi, 'confirmCard').mockImplementation(() => new Promise((_, reject) => (resolve = () => reject(decline(null, null)))));
    const first = renderAt(`/payment/payfort_token?payment=${PAY}`);
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    first.unmount();
    resolve();
    renderAt(`/payment/payfort_token?payment=${PAY}`);
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(2));
    expect(confirm.mock.calls[1]![1]).toBe(confirm.mock.calls[0]![1]);
  });

  it('a decline: the pop-up with its buttons, and back to /payment', async () => {
    jest.spyOn(paymentApi, 'confirmCard').mockRejectedValue(decline(-7103));
    renderAt(`/payment/payfort_token?payment=${PAY}`);
    await waitFor(() => expect(w.errors).toHaveLength(1));
    expect(w.errors[0]!.type).toBe('payment_error_fraud');
    expect(w.navigations).toEqual(['payment /payment']);
    await w.press(w.errors[0]!, 'change_card');
    expect(w.navigations).toEqual(['payment /payment', 'payment /payment']);
  });

  it('another challenge: back to the provider', async () => {
    jest.spyOn(paymentApi, 'confirmCard').mockResolvedValue({ status: 'action_required', payment_id: PAY, action_url: 'https://cards.example.test/3ds/again' });
    renderAt(`/payment/payfort_token?payment=${PAY}`);
    await waitFor(() => expect(w.assign).toHaveBeenCalledWith('https://cards.example.test/3ds/again'));
  });

  it.each(['', '?payment=', '?payment=4242424242424242', '?payment=pay_<script>'])('without a payment id the address can be trusted for (%s): nothing sent, a way back', async (query) => {
    const confirm = jest.spyOn(paymentApi, 'confirmCard');
    renderAt(`/payment/payfort_token${query}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not tell which payment this is.');
    expect(confirm).not.toHaveBeenCalled();
    screen.getByRole('button', { name: 'Back to payment' }).click();
    expect(w.navigations).toEqual(['payment /payment']);
  });
});

describe('/spotii-success and /spotii-fail (back from the BNPL checkout)', () => {
  it.each(['/spotii-success', '/spotii-fail'])('%s asks the server, which asks the provider; paid: the confirmation', async (route) => {
    const confirm = jest.spyOn(paymentApi, 'confirmBnpl').mockResolvedValue({ status: 'paid', receipt: receipt({ method: 'bnpl', card: null }) });
    renderAt(`${route}?payment=${PAY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay in instalments' })).toBeInTheDocument();
    await waitFor(() => expect(w.navigations).toEqual(['payment /payment/confirmation']));
    expect(confirm).toHaveBeenCalledWith(PAY, expect.stringMatching(/^[0-9a-f]{32}$/));
  });

  it('spotii_error: Retry for a new checkout, Continue to pay otherwise', async () => {
    jest.spyOn(paymentApi, 'confirmBnpl').mockRejectedValue(decline('spotii_error'));
    renderAt(`/spotii-fail?payment=${PAY}`);
    await waitFor(() => expect(w.errors).toHaveLength(1));
    const error = w.errors[0]!;
    expect(error.type).toBe('spotii_error');
    expect(error.buttons.map((b) => b.action)).toEqual(['retry_payment', 'continue_payment']);
    expect(w.navigations).toEqual(['payment /payment']);
    await w.press(error, 'retry_payment');
    await w.press(error, 'continue_payment');
    expect(w.navigations).toEqual(['payment /payment', 'payment /payment/installments', 'payment /payment']);
  });
});
