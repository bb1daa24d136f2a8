import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, EMPTY_FLOW_FLAGS } from '@join/shared';
import { deliveryApi } from '@join/shared/delivery';
import { writeDraft } from '../draft';
import { formatTime, formatWhen } from '../format';
import { mapLoaded, order, renderAt, setFlow, store1, watchEachTest } from './helpers';
import { flowWrite } from '@join/shared/testing';

jest.mock('../map/load-maplibre', () => jest.requireActual('./fake-maplibre').loadMaplibreMock);

const w = watchEachTest();
const closedStore = store1({ id: 'city-centre', name: 'City Centre Deira', open_now: false, next_change: '2099-01-02T06:00:00.000Z', distance_m: 12800, hours: [] });

describe('/submit_delivery/store', () => {
  it('lists the stores nearest the pin, on the map and in a list, with open now, today and the week', async () => {
    writeDraft({ pin: { lat: 25.08, lng: 55.14 } });
    const stores = jest.spyOn(deliveryApi, 'stores').mockResolvedValue({ stores: [store1(), closedStore] });
    renderAt('/submit_delivery/store');
    expect(await screen.findByRole('heading', { level: 1, name: 'Collect your SIM in store' })).toHaveFocus();
    expect(stores).toHaveBeenCalledWith('en', { lat: 25.08, lng: 55.14 });
    expect(await screen.findByText('Distances from your pin.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    const first = screen.getByRole('article', { name: 'Mall of the Emirates' });
    expect(first).toHaveTextContent(`Open now, closes at ${formatTime('2026-11-23T18:00:00.000Z', 'en')}`);
    expect(first).toHaveTextContent('3.5 km away');
    expect(first).toHaveTextContent('Today: 10:00–22:00');
    expect(within(first).getByText('Opening hours this week').closest('details')).not.toHaveAttribute('open');
    expect(within(first).getAllByRole('definition')).toHaveLength(7);
    const second = screen.getByRole('article', { name: 'City Centre Deira' });
    expect(second).toHaveTextContent('Closed, opens on Friday 2 January at 10:00');
    expect(second).toHaveTextContent('13 km away');
    expect(second).toHaveTextContent('Today: closed');
    const map = await mapLoaded();
    expect(map.options.interactive).toBe(false);
    expect(screen.getByRole('button', { name: 'Store: City Centre Deira' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Store: City Centre Deira' }));
    expect(screen.getByRole('heading', { name: 'City Centre Deira' })).toHaveFocus();
  });

  it('from Dubai without a pin; "Use my location" sorts from the visitor', async () => {
    const stores = jest.spyOn(deliveryApi, 'stores').mockResolvedValue({ stores: [store1()] });
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 24.45, longitude: 54.38 } } as GeolocationPosition) },
    });
    renderAt('/submit_delivery/store');
    expect(await screen.findByText('Distances from Dubai.')).toBeInTheDocument();
    expect(stores).toHaveBeenCalledWith('en', { lat: 25.2048, lng: 55.2708 });
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('Distances from your location.')).toBeInTheDocument();
    expect(stores).toHaveBeenLastCalledWith('en', { lat: 24.45, lng: 54.38 });
  });

  it('a resident pays at the store; choosing one places the pickup and announces it', async () => {
    jest.spyOn(deliveryApi, 'stores').mockResolvedValue({ stores: [store1()] });
    const pickup = jest.spyOn(deliveryApi, 'pickup').mockImplementation(() => flowWrite({ order: order({ kind: 'pickup', store: store1(), delivery: null, eta: null }) }));
    const status = jest.spyOn(api, 'getFlowStatus').mockResolvedValue({ flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_delivery_in_progress: true } } as never);
    renderAt('/submit_delivery/store');
    expect(await screen.findByText('Pay when you collect.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Collect at Mall of the Emirates' }));
    await waitFor(() => expect(w.placed).toEqual(['pickup']));
    expect(pickup).toHaveBeenCalledWith('mall-of-the-emirates');
    expect(status).toHaveBeenCalled();
  });

  it('a tourist who paid is told to bring the passport; a refusal shows the pop-up', async () => {
    setFlow({ is_plan_paid: true }, { sim_type: 'physical', resident_type: 'non_resident' });
    jest.spyOn(deliveryApi, 'stores').mockResolvedValue({ stores: [store1()] });
    const { ApiError } = await import('@join/shared');
    jest.spyOn(deliveryApi, 'pickup').mockRejectedValue(new ApiError('no', { code: -1, status: 500 }));
    renderAt('/submit_delivery/store');
    expect(await screen.findByText('Your SIM is paid: collect it in store with your passport.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Collect at Mall of the Emirates' }));
    await waitFor(() => expect(w.errors).toHaveLength(1));
    expect(w.placed).toEqual([]);
  });

  it('the stores not loading: says so with a retry', async () => {
    const stores = jest.spyOn(deliveryApi, 'stores').mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ stores: [store1()] });
    renderAt('/submit_delivery/store');
    expect(await screen.findByText('The stores did not load.', {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Mall of the Emirates' })).toBeInTheDocument();
    expect(stores.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});

describe('/delivery-closed', () => {
  it("says when the zone opens again, in words and UAE time, and offers the store or another place", async () => {
    const next = new Date(Date.now() + 86_400_000).toISOString();
    window.location.hash = `#/delivery-closed?next=${encodeURIComponent(next)}`;
    renderAt(`/delivery-closed?next=${encodeURIComponent(next)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery is closed here right now' })).toHaveFocus();
    expect(screen.getByText(`Deliveries to this area start again tomorrow at ${formatTime(next, 'en')}.`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Collect in store instead' }));
    await userEvent.click(screen.getByRole('button', { name: 'Choose another place' }));
    expect(w.navigations).toEqual(['delivery /submit_delivery/store', 'delivery /submit_delivery']);
  });

  it('without ?next asks the coverage of the pin again; with nothing known says so', async () => {
    writeDraft({ pin: { lat: 25.08, lng: 55.14 } });
    jest.spyOn(deliveryApi, 'coverage').mockResolvedValue({ status: 'closed', code: -128, zone_id: 'z', next_opening: '2099-01-02T04:00:00.000Z' });
    const view = renderAt('/delivery-closed');
    expect(await screen.findByText('Deliveries to this area start again on Friday 2 January at 08:00.')).toBeInTheDocument();
    view.unmount();
    window.sessionStorage.clear();
    renderAt('/delivery-closed');
    expect(await screen.findByText('We do not know yet when deliveries to this area start again.')).toBeInTheDocument();
  });
});

describe('formatWhen (UAE time)', () => {
  const t = (key: string, p?: Record<string, string | number>) => `${key} ${JSON.stringify(p)}`;
  const now = new Date('2026-11-23T19:30:00.000Z'); // 23:30 in Dubai, Monday
  it('today, tomorrow (the UAE day, not the device’s), or the weekday and date', () => {
    expect(formatWhen('2026-11-23T19:45:00.000Z', 'en', t, now)).toBe('delivery.when.today {"time":"23:45"}');
    expect(formatWhen('2026-11-23T20:30:00.000Z', 'en', t, now)).toBe('delivery.when.tomorrow {"time":"00:30"}');
    expect(formatWhen('2026-11-26T04:00:00.000Z', 'en', t, now)).toBe('delivery.when.day {"day":"Thursday 26 November","time":"08:00"}');
    expect(formatWhen('2026-11-26T04:00:00.000Z', 'ar', t, now)).toMatch(/"time":"08:00"/);
  });
  it('the eta in UAE time with Latin digits in Arabic too', () => {
    expect(formatTime('2026-11-23T10:35:00.000Z', 'en')).toBe('14:35');
    expect(formatTime('2026-11-23T10:35:00.000Z', 'ar')).toBe('14:35');
  });
});
