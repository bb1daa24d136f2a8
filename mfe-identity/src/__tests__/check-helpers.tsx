import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, applyFlowStatus, bus, EMPTY_FLOW_FLAGS, EMPTY_SERVER_FLOW_CONTEXT, store, updateSession, type BusEvents, type ServerFlowContext } from '@join/shared';
import { identityApi, type DocumentDetails, type DocumentReadResponse } from '@join/shared/identity';
import { checkAtom, EMPTY_CHECK, guidanceAtom, suggestResidentAtom, type CheckState } from '../verification/check-store';
import IdentityStep from '../step';
import { renderInPage, withSupportContacts } from '@join/shared/testing';

/** Shared set-up of the identity check's component tests (not a test file itself). */

export const LOGGED_IN_FLAGS = { ...EMPTY_FLOW_FLAGS, is_logged_in_via_email: true, has_password: true, is_plan_selected: true, is_number_selected: true };

/** The server's flow context as the store holds it (the residency answer decides the path). */
export function serverContext(patch: Partial<ServerFlowContext>) {
  act(() => applyFlowStatus({ flow_status_flags: LOGGED_IN_FLAGS, flow_context: { ...EMPTY_SERVER_FLOW_CONTEXT, inside_uae: true, ...patch } }));
}

export function checkState(state: Partial<CheckState>) {
  act(() => store.set(checkAtom, { ...EMPTY_CHECK, ...state }));
}

export function resetCheck() {
  act(() => {
    store.set(checkAtom, EMPTY_CHECK);
    store.set(guidanceAtom, null);
    store.set(suggestResidentAtom, false);
    updateSession({ sessionId: 'identity-session' });
  });
}

/** The flow status the server answers after a call (any). */
export function flowStatusAfter(patch: Partial<ServerFlowContext> = {}, flags: Partial<typeof LOGGED_IN_FLAGS> = {}) {
  return jest.spyOn(api, 'getFlowStatus').mockResolvedValue({
    flow_status_flags: { ...LOGGED_IN_FLAGS, ...flags },
    flow_context: { ...EMPTY_SERVER_FLOW_CONTEXT, inside_uae: true, ...patch },
  });
}

export function listen<K extends keyof BusEvents>(event: K) {
  const seen: BusEvents[K][] = [];
  const off = bus.on(event, (e) => seen.push(e));
  return { seen, off };
}

export function renderAt(route: string) {
  return renderInPage(<IdentityStep route={route} />);
}

/**
 * `route` rendered, its `button` pressed: the step asks the host for `to`. With `heading`, the
 * screen's heading is found focused first (and the button is then on screen at once).
 */
export async function pressLeadsTo(route: string, button: string, to: string, heading?: string) {
  const nav = listen('navigate:request');
  renderAt(route);
  if (heading) {
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: button }));
  } else {
    await userEvent.click(await screen.findByRole('button', { name: button }));
  }
  expect(nav.seen).toEqual([{ from: 'identity', to }]);
  nav.off();
}

export const EID_DETAILS: DocumentDetails = {
  kind: 'emirates_id',
  number: '123456789',
  id_number: '784199012345671',
  issuing_country: 'ARE',
  nationality: 'IND',
  surname: 'KUMAR',
  given_names: 'ANIL<RAJ',
  birth_date: '1990-05-12',
  expiry_date: '2029-01-31',
  sex: 'M',
};

export const PASSPORT_DETAILS: DocumentDetails = {
  kind: 'passport',
  number: 'L898902C3',
  id_number: null,
  issuing_country: 'GBR',
  nationality: 'GBR',
  surname: 'ERIKSSON',
  given_names: 'ANNA MARIA',
  birth_date: '1974-08-12',
  expiry_date: '2031-04-15',
  sex: 'F',
};

export function documentAnswer(patch: Partial<DocumentReadResponse>): DocumentReadResponse {
  return { kind: 'emirates_id', side: 'front', remaining_sides: ['back'], details: null, ...patch };
}

/** The server takes an Emirates ID's front (and asks for the back), then its back (the details read): sendDocument's spy. */
export function bothSidesTaken() {
  return jest
    .spyOn(identityApi, 'sendDocument')
    .mockResolvedValueOnce(documentAnswer({ side: 'front', remaining_sides: ['back'] }))
    .mockResolvedValueOnce(documentAnswer({ side: 'back', remaining_sides: [], details: EID_DETAILS }));
}

export const withSupport = () => withSupportContacts({ phone: '97180012345', email: 'help@example.com' });

export const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46];
export const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** URL.createObjectURL for previews (jsdom has none). */
export function fakeObjectUrls() {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:preview'), revokeObjectURL: jest.fn() });
}
