import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { i18n, setBizConfig, store } from '@join/shared';
import { APP_BANNER_DISMISSED_KEY, appsApi, type RatingListResponse } from '@join/shared/apps';
import { businessConfig } from '@join/shared/testing';
import { consentAtom, consentPanelAtom } from '../../consent/consent-state';
import { AppBannerSlot } from '../app-banner-slot';
import { APP_BANNER_DISMISSED, PHONE_QUERY } from '../app-banner-state';
import { bannerAllowedOn } from '../app-banner-rules';

// The page is idle at once here: the slot's wait for it is the consent slot's (whenIdle), tested there.
jest.mock('../../shell/when-idle', () => ({
  whenIdle: (work: () => void) => {
    work();
    return () => undefined;
  },
}));

const LIST: RatingListResponse = {
  ratings: [
    { store: 'ios', name: 'App Store', rating: 4.7, count: 9412, url: 'https://apps.apple.com/ae/app/tourist-sim/id0000000000' },
    { store: 'android', name: 'Google Play', rating: 4.6, count: 12345, url: 'https://play.google.com/store/apps/details?id=ae.example.touristsim' },
  ],
};
const LISTED = [{ Android: { count: 12345, rating: 4.6 }, iOS: { count: 9412, rating: 4.7 } }];
const ANSWERED = { version: 1, analytics: false, marketing: false, recordedAt: 0 };

/** A phone (the media query the slot asks matches) or not. */
function screenIs(phone: boolean) {
  const asked: string[] = [];
  window.matchMedia = ((query: string) => {
    asked.push(query);
    return { matches: phone && query === PHONE_QUERY, media: query, addEventListener: () => undefined, removeEventListener: () => undefined } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
  return asked;
}

function slot(pathname = '/number') {
  const view = render(
    <Provider store={store}>
      <AppBannerSlot pathname={pathname} />
    </Provider>,
  );
  return { ...view, at: (path: string) => view.rerender(
    <Provider store={store}>
      <AppBannerSlot pathname={path} />
    </Provider>,
  ) };
}

let list: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  screenIs(true);
  act(() => {
    store.set(consentAtom, ANSWERED);
    store.set(consentPanelAtom, null);
    setBizConfig({ status: 'ready', config: businessConfig({ smart_banner_apps_rating: LISTED }) });
  });
  list = jest.spyOn(appsApi, 'getRatingList').mockResolvedValue(LIST);
});
afterEach(() => jest.restoreAllMocks());

describe('the app banner', () => {
  it('remembers its closing under the domain’s storage key', () => {
    expect(APP_BANNER_DISMISSED).toBe(APP_BANNER_DISMISSED_KEY);
  });

  it('on a phone, once consent is answered: both stores with their stars’ text and their links', async () => {
    slot();
    const banner = await screen.findByRole('region', { name: 'Tourist SIM in your pocket' });
    expect(within(banner).getByRole('img', { name: '4.7 out of 5, 9,412 ratings' })).toBeInTheDocument();
    expect(within(banner).getByRole('img', { name: '4.6 out of 5, 12,345 ratings' })).toBeInTheDocument();
    const play = within(banner).getByRole('link', { name: 'Get it on Google Play' });
    expect(play).toHaveAttribute('href', 'https://play.google.com/store/apps/details?id=ae.example.touristsim');
    expect(play).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(banner).getByRole('link', { name: 'Get it on App Store' })).toHaveAttribute('href', LIST.ratings[0]!.url);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('waits for the consent answer, and hides while a consent panel is open (never the two at once)', async () => {
    act(() => store.set(consentAtom, null));
    slot();
    expect(screen.queryByRole('region')).toBeNull();
    expect(list).not.toHaveBeenCalled();
    act(() => store.set(consentAtom, ANSWERED));
    expect(await screen.findByRole('region', { name: 'Tourist SIM in your pocket' })).toBeInTheDocument();
    act(() => store.set(consentPanelAtom, 'details'));
    expect(screen.queryByRole('region', { name: 'Tourist SIM in your pocket' })).toBeNull();
    act(() => store.set(consentPanelAtom, null));
    expect(screen.getByRole('region', { name: 'Tourist SIM in your pocket' })).toBeInTheDocument();
  });

  it('never shows on payment routes (nor the camera screens), and comes back after them without asking again', async () => {
    const view = slot('/payment');
    await act(async () => undefined);
    expect(screen.queryByRole('region')).toBeNull();
    view.at('/payment/installments');
    expect(screen.queryByRole('region')).toBeNull();
    view.at('/thank-you');
    expect(await screen.findByRole('region', { name: 'Tourist SIM in your pocket' })).toBeInTheDocument();
    view.at('/spotii-success');
    expect(screen.queryByRole('region')).toBeNull();
    expect(list).toHaveBeenCalledTimes(1);
    for (const path of ['/payment', '/payment/confirmation', '/payment/payfort_token', '/payment/installments', '/instalments', '/payment-qr', '/spotii-fail', '/contract-request', '/activation_method/scan_face']) {
      expect([path, bannerAllowedOn(path)]).toEqual([path, false]);
    }
    for (const path of ['/plan-selection', '/number', '/login', '/submit_delivery', '/thank-you']) expect([path, bannerAllowedOn(path)]).toEqual([path, true]);
  });

  it('is not asked for on a wide screen or with a mouse: no code, no call', async () => {
    const asked = screenIs(false);
    slot();
    await act(async () => undefined);
    expect(screen.queryByRole('region')).toBeNull();
    expect(list).not.toHaveBeenCalled();
    expect(asked).toContain('(max-width: 767.98px) and (pointer: coarse)');
  });

  it('shows nothing when the business config lists no app, or the list comes back empty or fails', async () => {
    act(() => setBizConfig({ status: 'ready', config: businessConfig({ smart_banner_apps_rating: [] }) }));
    const first = slot();
    await act(async () => undefined);
    expect(list).not.toHaveBeenCalled();
    first.unmount();
    act(() => setBizConfig({ status: 'ready', config: businessConfig({ smart_banner_apps_rating: LISTED }) }));
    list.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    slot();
    await act(async () => undefined);
    expect(list).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('closes for good on this device with its close button (keyboard too)', async () => {
    const view = slot();
    const banner = await screen.findByRole('region', { name: 'Tourist SIM in your pocket' });
    const close = within(banner).getByRole('button', { name: 'Close the app banner' });
    close.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('region')).toBeNull();
    expect(localStorage.getItem(APP_BANNER_DISMISSED_KEY)).toBe('1');
    view.unmount();
    slot();
    await act(async () => undefined);
    expect(screen.queryByRole('region')).toBeNull();
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('reads in Arabic: the store names from the server, the ratings’ text with its plural', async () => {
    i18n.set('ar', {
      'apps.title': 'شريحة السائح في جيبك',
      'apps.get': 'حمّله من {{store}}',
      'apps.rating.other': '{{rating}} من 5، {{value}} تقييم',
      'apps.rating.few': '{{rating}} من 5، {{value}} تقييمات',
    });
    act(() => i18n.setLanguage('ar'));
    list.mockResolvedValue({ ratings: [{ ...LIST.ratings[1]!, name: 'جوجل بلاي', count: 7 }] });
    slot();
    const banner = await screen.findByRole('region', { name: 'شريحة السائح في جيبك' });
    expect(within(banner).getByRole('link', { name: 'حمّله من جوجل بلاي' })).toBeInTheDocument();
    expect(within(banner).getByRole('img', { name: '4.6 من 5، 7 تقييمات' })).toBeInTheDocument();
    act(() => i18n.setLanguage('en'));
  });
});
