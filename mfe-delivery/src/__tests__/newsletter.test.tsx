import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deliveryApi } from '@join/shared/delivery';
import { i18n } from '@join/shared';
import { NewsletterOptIn } from '../components/newsletter-opt-in';
import { inArabic, order, renderAt, watchEachTest } from './helpers';
import { renderInPage } from '@join/shared/testing';

jest.mock('../map/load-maplibre', () => jest.requireActual('./fake-maplibre').loadMaplibreMock);

watchEachTest();
const NEWSLETTER = 10;
const answer = (value: boolean) => ({ preferences: [{ PreferenceID: NEWSLETTER, Value: value }] });

describe('the newsletter opt-in (SPEC 3 preference 10)', () => {
  it('is on the thank-you page under the order, unticked by default, and nothing is sent until the visitor ticks it', async () => {
    jest.spyOn(deliveryApi, 'order').mockResolvedValue({ order: order() });
    jest.spyOn(deliveryApi, 'preferences').mockResolvedValue({ preferences: [{ PreferenceID: 4, Value: true }] });
    const set = jest.spyOn(deliveryApi, 'setNewsletter');
    renderAt('/thank-you');
    const box = await screen.findByRole('checkbox', { name: 'Send me news and offers by e-mail' });
    expect(screen.getByRole('region', { name: 'News and offers' })).toContainElement(box);
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription('Untick this box, or use the link in any of our e-mails, to stop at any time.');
    expect(set).not.toHaveBeenCalled();
  });

  it('a tick saves the yes at once and says so; an untick withdraws it the same way', async () => {
    jest.spyOn(deliveryApi, 'preferences').mockResolvedValue({ preferences: [] });
    const set = jest.spyOn(deliveryApi, 'setNewsletter').mockImplementation(async (v) => answer(v));
    renderInPage(<NewsletterOptIn />);
    const box = screen.getByRole('checkbox', { name: 'Send me news and offers by e-mail' });
    await userEvent.click(box);
    expect(set).toHaveBeenLastCalledWith(true);
    expect(await screen.findByRole('status')).toHaveTextContent('Done: we will send you news and offers.');
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(set).toHaveBeenLastCalledWith(false);
    expect(await screen.findByText('Done: no news or offers by e-mail.')).toHaveAttribute('role', 'status');
    expect(box).not.toBeChecked();
  });

  it('shows a yes given before as ticked', async () => {
    jest.spyOn(deliveryApi, 'preferences').mockResolvedValue(answer(true));
    renderInPage(<NewsletterOptIn />);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Send me news and offers by e-mail' })).toBeChecked());
  });

  it('a failed save puts the box back and announces the failure at the box', async () => {
    jest.spyOn(deliveryApi, 'preferences').mockResolvedValue({ preferences: [] });
    jest.spyOn(deliveryApi, 'setNewsletter').mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(answer(true));
    renderInPage(<NewsletterOptIn />);
    const box = screen.getByRole('checkbox', { name: 'Send me news and offers by e-mail' });
    await userEvent.click(box);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not save your choice. Please try again.');
    expect(box).not.toBeChecked();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a stored answer read late does not overrule the visitor’s own tick', async () => {
    let answerRead: (v: ReturnType<typeof answer>) => void = () => undefined;
    jest.spyOn(deliveryApi, 'preferences').mockReturnValue(new Promise((r) => (answerRead = r)));
    jest.spyOn(deliveryApi, 'setNewsletter').mockImplementation(async (v) => answer(v));
    renderInPage(<NewsletterOptIn />);
    const box = screen.getByRole('checkbox', { name: 'Send me news and offers by e-mail' });
    await userEvent.click(box);
    await act(async () => answerRead(answer(false)));
    expect(box).toBeChecked();
  });

  it('reads in Arabic', async () => {
    jest.spyOn(deliveryApi, 'preferences').mockResolvedValue({ preferences: [] });
    inArabic({ 'delivery.newsletter.title': 'الأخبار والعروض', 'delivery.newsletter.label': 'أرسلوا لي الأخبار والعروض بالبريد الإلكتروني' });
    renderInPage(<NewsletterOptIn />);
    expect(screen.getByRole('checkbox', { name: 'أرسلوا لي الأخبار والعروض بالبريد الإلكتروني' })).not.toBeChecked();
    expect(screen.getByRole('heading', { name: 'الأخبار والعروض' })).toBeInTheDocument();
    act(() => i18n.setLanguage('en'));
  });
});
