import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLACES_DEBOUNCE_MS, deliveryApi } from '@join/shared/delivery';
import { FakeMap, maplibreControl } from './fake-maplibre';
import { areaAt, DUBAI_MARINA, inArabic, mapLoaded, OPEN, pressMap, renderAt, watchEachTest, wholeText } from './helpers';
import { readDraft } from '../draft';

jest.mock('../map/load-maplibre', () => jest.requireActual('./fake-maplibre').loadMaplibreMock);

const w = watchEachTest();

function answer({ area = areaAt(), coverage = OPEN }: { area?: unknown; coverage?: unknown } = {}) {
  return {
    area: jest.spyOn(deliveryApi, 'area').mockResolvedValue(area as never),
    coverage: jest.spyOn(deliveryApi, 'coverage').mockResolvedValue(coverage as never),
  };
}

/** The map page with the pin dropped on Dubai Marina and the courier promised there. */
async function pinDropped(): Promise<FakeMap> {
  renderAt('/submit_delivery');
  const map = await mapLoaded();
  pressMap(map, 140, 80);
  await screen.findByText(/We deliver here/);
  return map;
}

/** The pin dragged to [lng, lat] and let go. */
function dragPin(map: FakeMap, lngLat: [number, number]) {
  const pin = map.markers[0]!;
  act(() => {
    pin.setLngLat(lngLat);
    pin.fire('dragend');
  });
  return pin;
}

describe('/submit_delivery: the map', () => {
  it('opens on Dubai at zoom 10, held to the UAE, with the heading focused, the promise and the attribution', async () => {
    renderAt('/submit_delivery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Where should we deliver your SIM?' })).toHaveFocus();
    expect(screen.getByText('Delivery within 60 minutes. You pay in cash when your SIM arrives.')).toBeInTheDocument();
    expect(screen.getByText('Loading the map…')).toBeInTheDocument();
    const map = await mapLoaded();
    expect(map.options.center).toEqual([55.2708, 25.2048]);
    expect(map.options.zoom).toBe(10);
    expect(map.options.maxBounds).toEqual([
      [51.4, 22.5],
      [56.5, 26.3],
    ]);
    expect(map.options.interactive).toBe(true);
    expect(map.canvas).toHaveAttribute('aria-label', expect.stringMatching(/^Map of the UAE/));
    expect(await screen.findByRole('link', { name: '© OpenStreetMap contributors' })).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
    expect(screen.getByText('Put the pin where you want your SIM delivered.')).toBeInTheDocument();
  });

  it('the style: sea, land, borders and labels from the API, no glyphs; labels in Arabic where the data has them', async () => {
    const { buildStyle } = await import('../map/style');
    const en = buildStyle('en');
    expect(en.glyphs).toBeUndefined();
    expect(Object.values(en.sources).map((s) => (s as { data: string }).data)).toEqual([
      'http://localhost/api/map/land.geojson',
      'http://localhost/api/map/emirates.geojson',
      'http://localhost/api/map/places.geojson',
    ]);
    const label = (s: typeof en) => s.layers.find((l) => l.id === 'place-labels') as { layout: Record<string, unknown> };
    expect(label(en).layout['text-field']).toEqual(['get', 'name_en']);
    expect(label(buildStyle('ar')).layout['text-field']).toEqual(['coalesce', ['get', 'name_ar'], ['get', 'name_en']]);
  });

  it('a click drops the pin: the area is named back and the coverage promises the courier, then Continue', async () => {
    const calls = answer();
    renderAt('/submit_delivery');
    const map = await mapLoaded();
    pressMap(map, 140, 80);
    expect(await screen.findByText(wholeText('Pin at: Dubai Marina, Dubai'))).toBeInTheDocument();
    expect(await screen.findByText('We deliver here within 60 minutes, arriving around 14:35.')).toBeInTheDocument();
    expect(calls.area).toHaveBeenCalledWith(25.08, 55.14, 'en');
    expect(calls.coverage).toHaveBeenCalledWith(25.08, 55.14);
    expect(map.markers).toHaveLength(1);
    expect(map.markers[0]!.options.draggable).toBe(true);
    expect(readDraft()).toMatchObject({ pin: { lat: 25.08, lng: 55.14 }, area: 'Dubai Marina, Dubai' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(w.navigations).toEqual(['delivery /submit_delivery/details']);
  });

  it('a drag of the pin moves it and asks again', async () => {
    const calls = answer();
    dragPin(await pinDropped(), [55.3, 25.25]);
    await waitFor(() => expect(calls.coverage).toHaveBeenLastCalledWith(25.25, 55.3));
    expect(readDraft().pin).toEqual({ lat: 25.25, lng: 55.3 });
  });

  it('a slow press (between the click and the long press) and a pan drop nothing', async () => {
    const calls = answer();
    renderAt('/submit_delivery');
    const map = await mapLoaded();
    pressMap(map, 140, 80, 400);
    pressMap(map, 140, 80, 100, { move: 30 });
    expect(map.markers).toHaveLength(0);
    expect(calls.area).not.toHaveBeenCalled();
  });

  it('keyboard: "Put the pin at the map’s centre" drops it where the arrow keys panned the map', async () => {
    const calls = answer();
    renderAt('/submit_delivery');
    const map = await mapLoaded();
    map.center = { lng: 55.27, lat: 25.19 };
    await userEvent.click(screen.getByRole('button', { name: 'Put the pin at the map’s centre' }));
    await waitFor(() => expect(calls.area).toHaveBeenCalledWith(25.19, 55.27, 'en'));
  });

  it('closed (-128): goes to /delivery-closed with the next opening', async () => {
    answer({ coverage: { status: 'closed', code: -128, zone_id: 'z', next_opening: '2026-11-24T04:00:00.000Z' } });
    renderAt('/submit_delivery');
    pressMap(await mapLoaded(), 140, 80);
    await waitFor(() => expect(w.navigations).toEqual(['delivery /delivery-closed?next=2026-11-24T04%3A00%3A00.000Z']));
  });

  it("unsupported (-401): the catalogue's message and Collect in store", async () => {
    answer({ coverage: { status: 'unsupported', code: -401 } });
    renderAt('/submit_delivery');
    pressMap(await mapLoaded(), 140, 80);
    expect(await screen.findByText("We don't deliver to this location yet. You can collect your SIM in store instead.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Collect in store' }));
    expect(w.navigations).toEqual(['delivery /submit_delivery/store']);
  });

  it('a tap on the water says so and does not move the pin (nor asks for coverage)', async () => {
    const water = { inside_uae: true, on_land: false, emirate: 'DU', place: DUBAI_MARINA };
    const calls = answer();
    // On land at (25.08, 55.14), in the water at (25.09, 55.13).
    calls.area.mockImplementation((lat) => Promise.resolve((lat === 25.09 ? water : areaAt()) as never));
    const map = await pinDropped();
    expect(calls.coverage).toHaveBeenCalledTimes(1);
    pressMap(map, 130, 90);
    expect(await screen.findByText('That spot is in the water. Put the pin on the building where the courier should come.')).toBeInTheDocument();
    expect(calls.area).toHaveBeenLastCalledWith(25.09, 55.13, 'en');
    expect(map.markers[0]!.getLngLat()).toEqual({ lng: 55.14, lat: 25.08 });
    expect(readDraft().pin).toEqual({ lat: 25.08, lng: 55.14 });
    expect(calls.coverage).toHaveBeenCalledTimes(1);
    // The promise for the pin where it is stays.
    expect(screen.getByText(/We deliver here/)).toBeInTheDocument();
    // A tap on land afterwards moves it, and the water message goes.
    pressMap(map, 141, 80);
    await waitFor(() => expect(readDraft().pin).toEqual({ lat: 25.08, lng: 55.141 }));
    expect(screen.queryByText(/in the water/)).toBeNull();
  });

  it('a drag onto the water puts the pin back where it was', async () => {
    const calls = answer();
    calls.area.mockImplementation((lat) =>
      Promise.resolve((lat === 25.09 ? { inside_uae: true, on_land: false, emirate: 'DU', place: DUBAI_MARINA } : areaAt()) as never),
    );
    const pin = dragPin(await pinDropped(), [55.13, 25.09]);
    expect(await screen.findByText(/That spot is in the water/)).toBeInTheDocument();
    await waitFor(() => expect(pin.getLngLat()).toEqual({ lng: 55.14, lat: 25.08 }));
    expect(readDraft().pin).toEqual({ lat: 25.08, lng: 55.14 });
  });

  it('a pin outside the UAE is refused without asking for coverage', async () => {
    const calls = answer({ area: { inside_uae: false, on_land: false, emirate: null, place: null } });
    renderAt('/submit_delivery');
    pressMap(await mapLoaded(), 140, 80);
    expect(await screen.findByText('This pin is outside the UAE. Move it to a place in the UAE.')).toBeInTheDocument();
    expect(calls.coverage).not.toHaveBeenCalled();
  });

  it('keeps the pin over a reload', async () => {
    const calls = answer();
    (await pinDropped()).remove();
    document.body.innerHTML = '';
    renderAt('/submit_delivery');
    const map = await mapLoaded();
    expect(map.options.center).toEqual([55.14, 25.08]);
    expect(map.markers).toHaveLength(1);
    // Another visitor on this tab after a logout (a new device id) starts with nothing.
    const { store, updateSession } = await import('@join/shared');
    expect(readDraft().pin).not.toBeNull();
    updateSession({ deviceId: 'another-device' }, store);
    expect(readDraft()).toEqual({ pin: null, area: null, form: {} });
    expect(calls.area).toHaveBeenLastCalledWith(25.08, 55.14, 'en');
    expect(await screen.findByText(wholeText('Pin at: Dubai Marina, Dubai'))).toBeInTheDocument();
  });
});

describe('/submit_delivery: the places search (combobox)', () => {
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => jest.useRealTimers());

  it(`asks from 4 characters, ${PLACES_DEBOUNCE_MS} ms after the last key; arrows, Enter choose; the count is announced`, async () => {
    const places = jest
      .spyOn(deliveryApi, 'places')
      .mockResolvedValue({ places: [DUBAI_MARINA, { id: 'marina-mall', name: 'Marina Mall', emirate: 'AZ', lat: 24.476, lng: 54.321 }] });
    const calls = answer();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderAt('/submit_delivery');
    await mapLoaded();
    const box = screen.getByRole('combobox', { name: 'Search for a place in the UAE' });
    await user.type(box, 'Mar');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(PLACES_DEBOUNCE_MS + 10);
    });
    expect(places).not.toHaveBeenCalled();
    await user.type(box, 'in');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(PLACES_DEBOUNCE_MS - 100);
    });
    expect(places).not.toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(200);
    });
    expect(places).toHaveBeenCalledTimes(1);
    expect(places).toHaveBeenCalledWith('Marin', 'en');
    expect(await screen.findByText('2 places found. Use the arrow keys to choose.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', expect.stringMatching(/-1$/));
    expect(screen.getByRole('option', { name: /Marina Mall/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(box).toHaveValue('Dubai Marina');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(calls.area).toHaveBeenCalledWith(25.08, 55.14, 'en'));
    await waitFor(() => expect(FakeMap.last.eased.at(-1)?.center).toEqual([55.14, 25.08]));
    // The chosen name written into the field is no new search.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(PLACES_DEBOUNCE_MS * 2);
    });
    expect(places).toHaveBeenCalledTimes(1);
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape closes the list, then clears the text; no results are said so', async () => {
    jest.spyOn(deliveryApi, 'places').mockResolvedValue({ places: [] });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderAt('/submit_delivery');
    const box = screen.getByRole('combobox');
    await user.type(box, 'Zzzzz');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(PLACES_DEBOUNCE_MS + 10);
    });
    expect(await screen.findByText('No places found. Check the spelling, or put the pin on the map.')).toBeInTheDocument();
    await user.keyboard('{Escape}{Escape}');
    expect(box).toHaveValue('');
  });
});

describe('/submit_delivery: location and failures', () => {
  const geo = (impl: (ok: PositionCallback, fail: PositionErrorCallback) => void) =>
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition: jest.fn(impl) } });

  it('"Use my location" puts the pin there and moves the map to it', async () => {
    const calls = answer();
    geo((ok) => ok({ coords: { latitude: 25.1, longitude: 55.2 } } as GeolocationPosition));
    renderAt('/submit_delivery');
    const map = await mapLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(calls.area).toHaveBeenCalledWith(25.1, 55.2, 'en'));
    expect(map.eased.at(-1)?.center).toEqual([55.2, 25.1]);
  });

  it.each([
    [1, 'Location access is turned off for this page. Allow it in your browser’s settings, or search for your place.'],
    [3, 'Finding your location took too long. Try again, or search for your place.'],
  ])('explains a refused location (code %s)', async (code, text) => {
    geo((_ok, fail) => fail({ code } as GeolocationPositionError));
    renderAt('/submit_delivery');
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('a location outside the UAE is explained, no pin', async () => {
    const calls = answer();
    geo((ok) => ok({ coords: { latitude: 51.5, longitude: -0.12 } } as GeolocationPosition));
    renderAt('/submit_delivery');
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your location is outside the UAE.');
    expect(calls.area).not.toHaveBeenCalled();
  });

  it('without WebGL: says so in words, and search and location still work', async () => {
    maplibreControl.webgl = false;
    renderAt('/submit_delivery');
    expect(screen.getByText(/This browser cannot draw the map/)).toBeInTheDocument();
    expect(screen.getByRole('combobox')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use my location' })).toBeInTheDocument();
    expect(FakeMap.all).toHaveLength(0);
  });

  it('the map library or its data failing: says so, and Retry builds the map again', async () => {
    maplibreControl.fail = true;
    renderAt('/submit_delivery');
    expect(await screen.findByText('The map did not load.')).toBeInTheDocument();
    maplibreControl.fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const map = await mapLoaded();
    expect(screen.queryByText('The map did not load.')).toBeNull();
    act(() => map.fire('error', { sourceId: 'land', error: new Error('404') }));
    expect(await screen.findByText('The map did not load.')).toBeInTheDocument();
  });

  it('is in Arabic with the map labels rebuilt where the map was', async () => {
    renderAt('/submit_delivery');
    const first = await mapLoaded();
    first.center = { lng: 55.3, lat: 25.3 };
    first.zoom = 13;
    inArabic();
    const second = await mapLoaded();
    expect(first.removed).toBe(true);
    expect(second).not.toBe(first);
    expect(JSON.stringify(second.options.style)).toContain('name_ar');
    expect([second.options.center, second.options.zoom]).toEqual([[55.3, 25.3], 13]);
  });
});
