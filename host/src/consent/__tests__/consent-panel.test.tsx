import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { ApiError, store } from '@join/shared';
import { CONSENT_STORAGE_KEY, consentApi, type ConsentResponse } from '@join/shared/consent';
import { polyfillDialog } from '@join/shared/testing';
import ConsentPanel from '../consent-panel';
import { ConsentSlot } from '../consent-slot';
import { consentAtom, consentPanelAtom, readStoredConsent, STORED_CONSENT_KEY } from '../consent-state';

beforeAll(polyfillDialog);
jest.setTimeout(20_000);

const TEXTS: ConsentResponse = {
  consent: {
    code: 'legalstuff',
    version: 3,
    language: 'en',
    title: 'Your privacy',
    summary: 'We need a little to sell you a SIM; the rest is your choice.',
    purposes: [
      { id: 'necessary', required: true, title: 'Necessary', description: 'Your session, your selection and fraud checks.' },
      { id: 'analytics', required: false, title: 'Analytics', description: 'Counting visits to each step and how fast pages load.' },
      { id: 'marketing', required: false, title: 'Marketing', description: 'Offers that suit you.' },
    ],
  },
  choice: null,
};
const recorded = (analytics: boolean, marketing: boolean) => ({ choice: { version: 3, analytics, marketing, recorded_at: 1_800_000_000_000 } });

function open(mode: 'banner' | 'details', onClose = jest.fn()) {
  render(
    <Provider store={store}>
      <ConsentPanel mode={mode} onClose={onClose} />
    </Provider>,
  );
  return onClose;
}

beforeEach(() => {
  localStorage.clear();
  act(() => {
    store.set(consentAtom, null);
    store.set(consentPanelAtom, null);
  });
  jest.restoreAllMocks();
});

describe('the consent panel', () => {
  it('keeps its choice under the domain’s storage key', () => {
    expect(STORED_CONSENT_KEY).toBe(CONSENT_STORAGE_KEY);
  });

  it('asks with "Necessary only" and "Accept all" of equal weight, and records "Necessary only" with the texts’ version', async () => {
    jest.spyOn(consentApi, 'getConsent').mockResolvedValue(TEXTS);
    const save = jest.spyOn(consentApi, 'saveConsent').mockResolvedValue(recorded(false, false));
    const onClose = open('banner');
    const region = await screen.findByRole('region', { name: 'Your privacy choices' });
    const necessary = within(region).getByRole('button', { name: 'Necessary only' });
    const all = within(region).getByRole('button', { name: 'Accept all' });
    expect(necessary.className).toBe(all.className);
    await userEvent.click(necessary);
    expect(save).toHaveBeenCalledWith(3, { analytics: false, marketing: false });
    expect(readStoredConsent()).toEqual({ version: 3, analytics: false, marketing: false, recordedAt: 1_800_000_000_000 });
    expect(store.get(consentAtom)).toMatchObject({ analytics: false });
    expect(onClose).toHaveBeenCalled();
  });

  it('"Choose" opens one line per purpose, the necessary one always on, and saves what was ticked', async () => {
    jest.spyOn(consentApi, 'getConsent').mockResolvedValue(TEXTS);
    const save = jest.spyOn(consentApi, 'saveConsent').mockResolvedValue(recorded(true, false));
    open('banner');
    await userEvent.click(await screen.findByRole('button', { name: 'Choose' }));
    const dialog = screen.getByRole('dialog', { name: 'Your privacy choices' });
    expect(within(dialog).getByText('Always on')).toBeTruthy();
    const analytics = within(dialog).getByRole('checkbox', { name: 'Analytics' });
    expect(analytics).toHaveProperty('checked', false);
    expect(within(dialog).getByRole('checkbox', { name: 'Marketing' })).toHaveProperty('checked', false);
    expect(within(dialog).queryByRole('checkbox', { name: /Necessary/ })).toBeNull();
    await userEvent.click(analytics);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save my choices' }));
    expect(save).toHaveBeenCalledWith(3, { analytics: true, marketing: false });
    expect(store.get(consentAtom)).toMatchObject({ analytics: true, marketing: false });
  });

  it('a failed save says that nothing is measured, keeps the panel, and stores nothing', async () => {
    jest.spyOn(consentApi, 'getConsent').mockResolvedValue(TEXTS);
    jest.spyOn(consentApi, 'saveConsent').mockRejectedValue(new ApiError('Network error', { code: null, status: null }));
    const onClose = open('banner');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept all' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Nothing is measured until they are saved/);
    expect(screen.getByRole('region', { name: 'Your privacy choices' })).toBeTruthy();
    expect(localStorage.getItem(STORED_CONSENT_KEY)).toBeNull();
    expect(store.get(consentAtom)).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not ask a visitor whose choice the server has for these texts: it keeps it on this device', async () => {
    jest.spyOn(consentApi, 'getConsent').mockResolvedValue({ ...TEXTS, choice: recorded(true, true).choice });
    const onClose = open('banner');
    await act(async () => undefined);
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByRole('region')).toBeNull();
    expect(readStoredConsent()).toMatchObject({ version: 3, analytics: true, marketing: true });
  });

  it('withdrawing is as easy as giving: the footer’s dialog shows the choice, one untick and save', async () => {
    jest.spyOn(consentApi, 'getConsent').mockResolvedValue({ ...TEXTS, choice: recorded(true, true).choice });
    const save = jest.spyOn(consentApi, 'saveConsent').mockResolvedValue(recorded(false, true));
    open('details');
    const dialog = await screen.findByRole('dialog', { name: 'Your privacy choices' });
    const analytics = await within(dialog).findByRole('checkbox', { name: 'Analytics' });
    expect(analytics).toHaveProperty('checked', true);
    await userEvent.click(analytics);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save my choices' }));
    expect(save).toHaveBeenCalledWith(3, { analytics: false, marketing: true });
    expect(store.get(consentAtom)).toMatchObject({ analytics: false, marketing: true });
  });
});

describe('the consent slot', () => {
  it('asks a visitor with no choice once the page is idle, and one whose choice answers these texts not at all', async () => {
    const get = jest.spyOn(consentApi, 'getConsent').mockResolvedValue(TEXTS);
    const answered = { version: 3, analytics: true, marketing: false, recordedAt: 1 };
    act(() => store.set(consentAtom, answered));
    const view = render(
      <Provider store={store}>
        <ConsentSlot />
      </Provider>,
    );
    await act(async () => new Promise((r) => setTimeout(r, 1700)));
    expect(get).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region')).toBeNull();
    expect(store.get(consentAtom)).toEqual(answered);
    view.unmount();
    act(() => store.set(consentAtom, null));
    render(
      <Provider store={store}>
        <ConsentSlot />
      </Provider>,
    );
    expect(await screen.findByRole('region', { name: 'Your privacy choices' }, { timeout: 5000 })).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('asks again a visitor whose choice answers older texts, and measures nothing until they answer', async () => {
    jest.spyOn(consentApi, 'getConsent').mockResolvedValue(TEXTS);
    act(() => store.set(consentAtom, { version: 2, analytics: true, marketing: true, recordedAt: 1 }));
    render(
      <Provider store={store}>
        <ConsentSlot />
      </Provider>,
    );
    expect(await screen.findByRole('region', { name: 'Your privacy choices' }, { timeout: 5000 })).toBeTruthy();
    expect(store.get(consentAtom)).toBeNull();
  });
});
