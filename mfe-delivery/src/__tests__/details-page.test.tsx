import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, ApiError, EMPTY_FLOW_FLAGS } from '@join/shared';
import { deliveryApi } from '@join/shared/delivery';
import { readDraft, writeDraft } from '../draft';
import { withUaePrefix } from '../pages/details-page';
import { mapLoaded, order, renderAt, watchEachTest } from './helpers';
import { flowWrite } from '@join/shared/testing';

jest.mock('../map/load-maplibre', () => jest.requireActual('./fake-maplibre').loadMaplibreMock);

const w = watchEachTest();
const PIN = { lat: 25.08, lng: 55.14 };
const context = { resident_type: 'resident', sim_type: 'physical', inside_uae: true, has_delivery_form: true, terminated_email: null, retail: false };

function placed() {
  const submit = jest.spyOn(deliveryApi, 'submitDelivery').mockImplementation(() => flowWrite({ order: order() }));
  const status = jest
    .spyOn(api, 'getFlowStatus')
    .mockResolvedValue({ flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_delivery_in_progress: true }, flow_context: context } as never);
  return { submit, status };
}

/** The form filled with a villa and a good phone number and sent; the server refuses it with `error`. */
async function placeRefused(error: ApiError) {
  jest.spyOn(deliveryApi, 'submitDelivery').mockRejectedValue(error);
  renderAt('/submit_delivery/details');
  await userEvent.type(await screen.findByRole('textbox', { name: /^Flat, building or villa/ }), 'Villa 12, Street 5');
  const phone = screen.getByRole('textbox', { name: /Phone number/ });
  await userEvent.type(phone, '0501234567');
  await userEvent.click(screen.getByRole('button', { name: 'Place my order' }));
}

describe('/submit_delivery/details: the delivery form', () => {
  beforeEach(() => writeDraft({ pin: PIN, area: 'Dubai Marina, Dubai' }));

  it('shows where, read-only, with the area prefilled from the pin\'s place and "You pay on delivery"', async () => {
    renderAt('/submit_delivery/details');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your delivery details' })).toHaveFocus();
    const map = await mapLoaded();
    expect(map.options.interactive).toBe(false);
    expect(map.markers[0]!.options.draggable).toBe(false);
    expect(screen.queryByRole('button', { name: 'Use my location' })).toBeNull();
    // The map has no streets (no package ships them): the form asks what the courier needs.
    expect(screen.getByRole('textbox', { name: /^Flat, building or villa, and street/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /^Area/ })).toHaveValue('Dubai Marina, Dubai');
    expect(screen.getByRole('textbox', { name: /^Landmark or instructions for the courier/ })).toHaveValue('');
    expect(screen.getByText('You pay on delivery, in cash, when your SIM arrives.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Phone country' })).toHaveValue('AE');
  });

  it('places the order: a short UAE number gets its 05 prefix; flow refreshed, delivery:order-placed, draft gone', async () => {
    const { submit, status } = placed();
    renderAt('/submit_delivery/details');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Flat, building or villa, and street/ }), 'Flat 1203, Marina Gate 1, Marina Walk');
    await userEvent.type(screen.getByRole('textbox', { name: /^Landmark or instructions/ }), 'Opposite the tram stop; call at the gate');
    await userEvent.type(screen.getByRole('textbox', { name: /Phone number/ }), '50 123-4567');
    expect(screen.getByRole('textbox', { name: /Phone number/ })).toHaveValue('501234567');
    await userEvent.click(screen.getByRole('button', { name: 'Place my order' }));
    await waitFor(() => expect(w.placed).toEqual(['delivery']));
    expect(submit).toHaveBeenCalledWith({
      lat: 25.08,
      lng: 55.14,
      address: 'Flat 1203, Marina Gate 1, Marina Walk',
      address_2: 'Dubai Marina, Dubai',
      instructions: 'Opposite the tram stop; call at the gate',
      phone: '0501234567',
      phone_country: 'AE',
    });
    expect(status).toHaveBeenCalled();
    expect(readDraft()).toEqual({ pin: null, area: null, form: {} });
  });

  it('keeps SPEC 5 phone rules: digits only while typing, a wrong number refused before sending', async () => {
    const { submit } = placed();
    renderAt('/submit_delivery/details');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Flat, building or villa/ }), 'Villa 12, Street 5');
    const phone = screen.getByRole('textbox', { name: /Phone number/ });
    await userEvent.type(phone, '٠٥٠abc12');
    expect(phone).toHaveValue('05012');
    await userEvent.click(screen.getByRole('button', { name: 'Place my order' }));
    expect(await screen.findByText('Number is Invalid')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveFocus();
    expect(submit).not.toHaveBeenCalled();
  });

  it('the building and street, and the area, are required (no area known for the pin: empty)', async () => {
    const { submit } = placed();
    writeDraft({ pin: PIN, area: null });
    renderAt('/submit_delivery/details');
    await userEvent.type(await screen.findByRole('textbox', { name: /Phone number/ }), '0501234567');
    await userEvent.click(screen.getByRole('button', { name: 'Place my order' }));
    expect(await screen.findAllByText('Required field')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: /^Area/ })).toHaveAttribute('aria-invalid', 'true');
    expect(submit).not.toHaveBeenCalled();
  });

  it('keeps what was typed over Back and a reload (session storage)', async () => {
    const view = renderAt('/submit_delivery/details');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Landmark or instructions/ }), 'Ring twice');
    await userEvent.click(screen.getByRole('button', { name: 'Change the place on the map' }));
    expect(w.navigations).toEqual(['delivery /submit_delivery']);
    view.unmount();
    renderAt('/submit_delivery/details');
    expect(await screen.findByRole('textbox', { name: /^Landmark or instructions/ })).toHaveValue('Ring twice');
  });

  it('closed since (-128): goes to the closed page', async () => {
    await placeRefused(new ApiError('closed', { code: -128, status: 409 }));
    await waitFor(() => expect(w.navigations).toEqual(['delivery /delivery-closed']));
    expect(w.placed).toEqual([]);
  });

  it("unsupported (-401): the catalogue's pop-up", async () => {
    await placeRefused(new ApiError('unsupported', { code: -401, status: 409 }));
    await waitFor(() => expect(w.errors.map((e) => e.type)).toEqual(['delivery_unsupported_area']));
  });

  it("a field the server refuses shows the server's error on that field", async () => {
    await placeRefused(new ApiError('Number is Invalid', { code: null, status: 400, field: 'phone' }));
    expect(await screen.findByText('Number is Invalid')).toBeInTheDocument();
    expect(w.errors).toEqual([]);
  });

  it('without a pin: says so and leads back to the map', async () => {
    window.sessionStorage.clear();
    renderAt('/submit_delivery/details');
    expect(await screen.findByText('Put the pin on the map first.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change the place on the map' }));
    expect(w.navigations).toEqual(['delivery /submit_delivery']);
  });
});

describe('withUaePrefix', () => {
  it.each([
    ['501234567', 'AE', '0501234567'],
    ['0501234567', 'AE', '0501234567'],
    ['971501234567', 'AE', '971501234567'],
    ['501234567', 'SA', '501234567'],
  ])('%s (%s) → %s', (phone, country, out) => expect(withUaePrefix(phone, country)).toBe(out));
});
