import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, EMPTY_FLOW_FLAGS, i18n } from '@join/shared';
import { deliveryApi } from '@join/shared/delivery';
import { ORDER_POLL_MS } from '../order-status';
import { inArabic, order, renderAt, setFlow, store1, watchEachTest } from './helpers';

jest.mock('../map/load-maplibre', () => jest.requireActual('./fake-maplibre').loadMaplibreMock);

watchEachTest();
const ESIM = { activation_code: 'LPA:1$smdp.example.test$K2-7Q4K-2M9X-ABCD', smdp_address: 'smdp.example.test', matching_id: 'K2-7Q4K-2M9X-ABCD' };
const flowStatus = () => jest.spyOn(api, 'getFlowStatus').mockResolvedValue({ flow_status_flags: { ...EMPTY_FLOW_FLAGS } } as never);

describe('/thank-you: a delivery', () => {
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => jest.useRealTimers());

  it('shows the order, the eta, the address and the cash due; the status updates live until delivered, then stops', async () => {
    const status = flowStatus();
    const get = jest
      .spyOn(deliveryApi, 'order')
      .mockResolvedValueOnce({ order: order() })
      .mockResolvedValueOnce({ order: order({ status: 'out_for_delivery' }) })
      .mockResolvedValue({ order: order({ status: 'delivered', eta: null }) });
    renderAt('/thank-you');
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you: your order is placed' })).toBeInTheDocument();
    expect(await screen.findByText('DL-4821-7730')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('Arriving around 14:35')).toBeInTheDocument();
    expect(screen.getByText('Marina Gate 1, Dubai Marina, Flat 1203')).toBeInTheDocument();
    expect(screen.getByText(/Pay/).closest('p')).toHaveTextContent('Pay AED 49.00 in cash when your SIM arrives.');
    const progress = screen.getByRole('list');
    expect(within(progress).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Order received', 'Preparing your SIM', 'Out for delivery', 'Delivered']);
    expect(within(progress).getByText('Order received').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Now: Order received')).toHaveAttribute('aria-live', 'polite');
    expect(status).not.toHaveBeenCalled();

    await act(async () => {
      await jest.advanceTimersByTimeAsync(ORDER_POLL_MS);
    });
    expect(await screen.findByText('Now: Out for delivery')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(ORDER_POLL_MS);
    });
    expect(await screen.findByText('Now: Delivered')).toBeInTheDocument();
    await waitFor(() => expect(status).toHaveBeenCalledTimes(1));
    const calls = get.mock.calls.length;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(ORDER_POLL_MS * 3);
    });
    expect(get.mock.calls.length).toBe(calls);
    expect(screen.queryByText(/Arriving around/)).toBeNull();
  });
});

describe('/thank-you: a pickup and the eSIM', () => {
  it('a pickup: the store and what is due there; a paid one: the passport', async () => {
    jest.spyOn(deliveryApi, 'order').mockResolvedValue({ order: order({ kind: 'pickup', delivery: null, eta: null, store: store1(), status: 'ready_for_pickup' }) });
    const view = renderAt('/thank-you');
    expect(await screen.findByText('Mall of the Emirates')).toBeInTheDocument();
    expect(screen.getByText(/at the store when you collect/)).toHaveTextContent('Pay AED 49.00 at the store when you collect.');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Order received', 'Preparing your SIM', 'Ready to collect', 'Collected']);
    view.unmount();
    jest.spyOn(deliveryApi, 'order').mockResolvedValue({ order: order({ kind: 'pickup', delivery: null, eta: null, store: store1(), amount_due_fils: 0 }) });
    renderAt('/thank-you');
    expect(await screen.findByText('Bring your passport to collect your SIM.')).toBeInTheDocument();
    expect(screen.getByText('Nothing more to pay.')).toBeInTheDocument();
  });

  it('a paid eSIM without an order: issued once, then its QR code, the code as text, copy, and the install steps', async () => {
    setFlow({ is_plan_paid: true }, { sim_type: 'esim', resident_type: 'non_resident' });
    flowStatus();
    jest.spyOn(deliveryApi, 'order').mockResolvedValue({ order: null });
    const issue = jest.spyOn(deliveryApi, 'issueEsim').mockResolvedValue({
      order: order({ kind: 'esim', status: 'issued', delivery: null, eta: null, esim: ESIM, amount_due_fils: 0, history: [{ status: 'issued', at: '2026-11-23T10:00:00.000Z' }] }),
    });
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderAt('/thank-you');
    const qr = await screen.findByRole('img', { name: 'QR code of your eSIM activation code' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(100);
    expect(issue).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Your eSIM is ready' })).toBeInTheDocument();
    expect(screen.getByText(ESIM.activation_code)).toHaveAttribute('dir', 'ltr');
    await userEvent.click(screen.getByRole('button', { name: 'Copy the code' }));
    expect(writeText).toHaveBeenCalledWith(ESIM.activation_code);
    expect(await screen.findByText('Code copied')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'On an iPhone' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'On Android' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['eSIM ready to install', 'eSIM installed']);
  });

  it('an order read without its secrets (a device-id session): no code, no address, and why', async () => {
    flowStatus();
    const redacted = order({ kind: 'esim', status: 'issued', delivery: null, eta: null, esim: null, amount_due_fils: 0, redacted: true, history: [{ status: 'issued', at: '2026-11-23T10:00:00.000Z' }] });
    jest.spyOn(deliveryApi, 'order').mockResolvedValue({ order: redacted });
    const issue = jest.spyOn(deliveryApi, 'issueEsim');
    renderAt('/thank-you');
    expect(await screen.findByText(/For your security, your activation code and delivery address show only after you log in again/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'QR code of your eSIM activation code' })).toBeNull();
    expect(issue).not.toHaveBeenCalled();
  });

  it('no order and nothing to issue: says so; the order failing: a retry', async () => {
    jest.spyOn(deliveryApi, 'order').mockResolvedValue({ order: null });
    const issue = jest.spyOn(deliveryApi, 'issueEsim');
    const view = renderAt('/thank-you');
    expect(await screen.findByText('We have no order for you yet.')).toBeInTheDocument();
    expect(issue).not.toHaveBeenCalled();
    view.unmount();
    jest.spyOn(deliveryApi, 'order').mockRejectedValue(new Error('offline'));
    renderAt('/thank-you');
    expect(await screen.findByText('Your order did not load.', {}, { timeout: 8000 })).toBeInTheDocument();
  }, 15_000);
});

/**
 * The words follow the order's state. The amount due is what the order was
 * placed with; once the SIM is delivered or collected it has been paid, and what comes next has
 * happened.
 */
describe('/thank-you: the words follow the order status', () => {
  afterEach(() => act(() => i18n.setLanguage('en')));

  it('delivered: the cash was paid, nothing is still to come', async () => {
    jest.spyOn(deliveryApi, 'order').mockResolvedValue({ order: order({ status: 'delivered', eta: null }) });
    renderAt('/thank-you');
    expect(await screen.findByText('Now: Delivered')).toBeInTheDocument();
    expect(screen.queryByText(/in cash when your SIM arrives/)).toBeNull();
    expect(screen.getByText(/in cash/).closest('p')).toHaveTextContent('You paid AED 49.00 in cash when your SIM arrived.');
    expect(screen.queryByText(/A courier brings your SIM/)).toBeNull();
  });

  it('on its way: the cash is still to pay, and the courier still to come', async () => {
    jest.spyOn(deliveryApi, 'order').mockResolvedValue({ order: order({ status: 'out_for_delivery' }) });
    renderAt('/thank-you');
    expect(await screen.findByText('Now: Out for delivery')).toBeInTheDocument();
    expect(screen.getByText(/in cash/).closest('p')).toHaveTextContent('Pay AED 49.00 in cash when your SIM arrives.');
    expect(screen.getByText(/A courier brings your SIM/)).toBeInTheDocument();
  });

  it('a pickup: "we let you know" only while it is being prepared; ready says collect it; collected says it was paid', async () => {
    /** The pickup order with `o`, on the page once its status (`now`) is said. */
    const pickupShown = async (o: Parameters<typeof order>[0], now: string) => {
      jest.spyOn(deliveryApi, 'order').mockResolvedValue({ order: order({ kind: 'pickup', delivery: null, eta: null, store: store1(), ...o }) });
      const view = renderAt('/thank-you');
      expect(await screen.findByText(`Now: ${now}`)).toBeInTheDocument();
      return view;
    };
    let view = await pickupShown({ status: 'preparing' }, 'Preparing your SIM');
    expect(screen.getByText('We let you know when your SIM is ready; then collect it at the store.')).toBeInTheDocument();
    view.unmount();

    view = await pickupShown({ status: 'ready_for_pickup' }, 'Ready to collect');
    expect(screen.queryByText(/We let you know/)).toBeNull();
    expect(screen.getByText('Your SIM is ready: collect it at the store.')).toBeInTheDocument();
    view.unmount();

    view = await pickupShown({ status: 'collected' }, 'Collected');
    expect(screen.queryByText(/We let you know/)).toBeNull();
    expect(screen.queryByText(/collect it at the store/)).toBeNull();
    expect(screen.getByText(/at the store/).closest('p')).toHaveTextContent('You paid AED 49.00 at the store.');
    view.unmount();

    await pickupShown({ status: 'collected', amount_due_fils: 0 }, 'Collected');
    expect(screen.queryByText('Bring your passport to collect your SIM.')).toBeNull();
    expect(screen.queryByText(/We let you know/)).toBeNull();
  });

  it('in Arabic too', async () => {
    inArabic({
      'delivery.thanks.cashPaid': 'دفعت {{amount}} نقدًا عند وصول شريحتك.',
      'delivery.thanks.nextReady': 'شريحتك جاهزة: استلمها من المتجر.',
      'delivery.status.delivered': 'تم التوصيل',
    });
    jest.spyOn(deliveryApi, 'order').mockResolvedValue({ order: order({ status: 'delivered', eta: null }) });
    const view = renderAt('/thank-you');
    expect(await screen.findByText(/دفعت/)).toBeInTheDocument();
    expect(screen.queryByText(/ادفع/)).toBeNull();
    view.unmount();
    jest.spyOn(deliveryApi, 'order').mockResolvedValue({ order: order({ kind: 'pickup', delivery: null, eta: null, store: store1(), status: 'ready_for_pickup' }) });
    renderAt('/thank-you');
    expect(await screen.findByText('شريحتك جاهزة: استلمها من المتجر.')).toBeInTheDocument();
  });
});
