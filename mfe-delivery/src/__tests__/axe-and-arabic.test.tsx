import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { i18n } from '@join/shared';
import { deliveryApi } from '@join/shared/delivery';
import { writeDraft } from '../draft';
import { areaAt, inArabic, mapLoaded, OPEN, order, pressMap, renderAt, setFlow, store1, watchEachTest, wholeText } from './helpers';

jest.mock('../map/load-maplibre', () => jest.requireActual('./fake-maplibre').loadMaplibreMock);

/**
 * axe on every screen's markup (jsdom: no layout, so colour contrast and the like are left to the
 * e2e run in Chromium). Any violation fails, with its rule and nodes. `region` is off here only
 * because the step renders alone, without the host's landmarks around it (its main is the host's):
 * the host's axe test (host/src/shell/__tests__/axe.test.tsx) and the e2e walks hold it, with the
 * page's other rules (landmark-unique is on here: a step must not draw a landmark the shell has).
 */
async function expectNoViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

watchEachTest();
const ESIM = { activation_code: 'LPA:1$smdp.example.test$K2-7Q4K', smdp_address: 'smdp.example.test', matching_id: 'K2-7Q4K' };

describe('axe', () => {
  it('/submit_delivery: the map, a pin with coverage, the search list open', async () => {
    jest.spyOn(deliveryApi, 'area').mockResolvedValue(areaAt());
    jest.spyOn(deliveryApi, 'coverage').mockResolvedValue(OPEN);
    jest.spyOn(deliveryApi, 'places').mockResolvedValue({ places: [areaAt().place] });
    const { container } = renderAt('/submit_delivery');
    const map = await mapLoaded();
    await expectNoViolations(container);
    pressMap(map, 140, 80);
    await screen.findByText(/We deliver here/);
    await screen.findByRole('link', { name: /OpenStreetMap/ });
    await expectNoViolations(container);
    await userEvent.type(screen.getByRole('combobox'), 'Marina');
    await screen.findByRole('option', {}, { timeout: 2000 });
    await expectNoViolations(container);
  });

  it('/submit_delivery/details with errors', async () => {
    writeDraft({ pin: { lat: 25.08, lng: 55.14 }, area: null });
    const { container } = renderAt('/submit_delivery/details');
    await userEvent.click(await screen.findByRole('button', { name: 'Place my order' }));
    expect(await screen.findAllByText('Required field')).toHaveLength(3);
    await expectNoViolations(container);
  });

  it('/submit_delivery/store and /delivery-closed', async () => {
    jest.spyOn(deliveryApi, 'stores').mockResolvedValue({ stores: [store1(), store1({ id: 'b', name: 'Deira', open_now: false, next_change: null })] });
    const view = renderAt('/submit_delivery/store');
    await screen.findByRole('article', { name: 'Deira' });
    await mapLoaded();
    await expectNoViolations(view.container);
    view.unmount();
    const closed = renderAt('/delivery-closed');
    await screen.findByText(/We do not know yet/);
    await expectNoViolations(closed.container);
  });

  it('/thank-you: a delivery and an eSIM', async () => {
    jest.spyOn(deliveryApi, 'order').mockResolvedValue({ order: order({ status: 'preparing' }) });
    const view = renderAt('/thank-you');
    await screen.findByText('DL-4821-7730');
    await mapLoaded();
    await expectNoViolations(view.container);
    view.unmount();
    jest.spyOn(deliveryApi, 'order').mockResolvedValue({ order: order({ kind: 'esim', status: 'issued', delivery: null, eta: null, esim: ESIM, amount_due_fils: 0 }) });
    const esim = renderAt('/thank-you');
    await screen.findByRole('img', { name: 'QR code of your eSIM activation code' });
    await expectNoViolations(esim.container);
  });
});

describe('Arabic', () => {
  afterEach(() => act(() => i18n.setLanguage('en')));

  it('the area, the promise and the search in Arabic, with the eta and numbers left to right', async () => {
    inArabic({
      'delivery.title': 'أين نوصل شريحتك؟',
      'delivery.area.named': 'الدبوس في: {{area}}',
      'delivery.emirate.DU': 'دبي',
      'delivery.coverage.open.many': 'نوصل إلى هنا خلال {{count}} دقيقة، ونصل نحو الساعة {{time}}.',
    });
    const area = jest.spyOn(deliveryApi, 'area').mockResolvedValue({ inside_uae: true, on_land: true, emirate: 'DU', place: { id: 'm', name: 'دبي مارينا', emirate: 'DU', lat: 25.08, lng: 55.14 } });
    jest.spyOn(deliveryApi, 'coverage').mockResolvedValue(OPEN);
    renderAt('/submit_delivery');
    expect(await screen.findByRole('heading', { level: 1, name: 'أين نوصل شريحتك؟' })).toBeInTheDocument();
    pressMap(await mapLoaded(), 140, 80);
    expect(await screen.findByText(wholeText('الدبوس في: دبي مارينا، دبي'))).toBeInTheDocument();
    expect(area).toHaveBeenCalledWith(25.08, 55.14, 'ar');
    expect(await screen.findByText('نوصل إلى هنا خلال 60 دقيقة، ونصل نحو الساعة 14:35.')).toBeInTheDocument();
  });

  it('the order number and the activation code stay left to right', async () => {
    setFlow({ is_plan_paid: true }, { sim_type: 'esim' });
    inArabic();
    jest.spyOn(deliveryApi, 'order').mockResolvedValue({ order: order({ kind: 'esim', status: 'issued', delivery: null, eta: null, esim: ESIM, amount_due_fils: 0 }) });
    renderAt('/thank-you');
    expect(await screen.findByText(ESIM.activation_code)).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('DL-4821-7730')).toHaveAttribute('dir', 'ltr');
  });
});
