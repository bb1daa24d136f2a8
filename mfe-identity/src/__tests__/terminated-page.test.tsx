import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applyFlowStatus, bus, EMPTY_FLOW_FLAGS } from '@join/shared';
import { accountApi } from '@join/shared/account';
import IdentityStep from '../step';
import { renderInPage, withSupportContacts } from '@join/shared/testing';

const TERMINATED = 'former@example.com';
const context = (terminated_email: string | null) => ({ resident_type: null, sim_type: null, inside_uae: null, has_delivery_form: false, terminated_email, retail: false });
const support = withSupportContacts;

function renderAt(route: string) {
  return renderInPage(<IdentityStep route={route} />);
}

afterEach(() => jest.restoreAllMocks());

describe('/login/terminated', () => {
  beforeEach(() => act(() => applyFlowStatus({ flow_status_flags: EMPTY_FLOW_FLAGS, flow_context: context(TERMINATED) })));

  it("explains it for the e-mail the server recorded, with that e-mail's masked numbers", async () => {
    act(() => support({ phone: '97148000800', email: 'help@example.com' }));
    const list = jest
      .spyOn(accountApi, 'terminatedNumbers')
      .mockResolvedValue({ numbers: [{ number_masked: '058 *** *147', terminated_at: Date.UTC(2025, 2, 14) }] });
    renderAt('/login/terminated');
    expect(await screen.findByRole('heading', { level: 1, name: 'This e-mail belongs to a closed account' })).toBeInTheDocument();
    expect(screen.getByText(TERMINATED, { selector: 'bdi' })).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith(TERMINATED);
    const numbers = await screen.findByRole('region', { name: 'Terminated numbers' });
    expect(within(numbers).getByText('058 *** *147')).toHaveAttribute('dir', 'ltr');
    expect(numbers).toHaveTextContent('terminated on 14 March 2025');
    const contact = screen.getByRole('region', { name: 'Contact us to reopen the account' });
    expect(within(contact).getByRole('link', { name: /Call us/ })).toHaveAttribute('href', 'tel:+97148000800');
    expect(within(contact).getByRole('link', { name: /Call us/ })).toHaveTextContent('+971 4 800 0800');
    expect(within(contact).getByRole('link', { name: /E-mail us/ })).toHaveAttribute('href', 'mailto:help@example.com');
  });

  it('"Use a different e-mail" asks for /login; no contact block when the config has none', async () => {
    act(() => support({}));
    jest.spyOn(accountApi, 'terminatedNumbers').mockResolvedValue({ numbers: [] });
    const to: string[] = [];
    const off = bus.on('navigate:request', (e) => to.push(`${e.from} ${e.to}`));
    renderAt('/login/terminated');
    await userEvent.click(await screen.findByRole('button', { name: 'Use a different e-mail' }));
    expect(to).toEqual(['identity /login']);
    expect(screen.queryByRole('region', { name: 'Terminated numbers' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Contact us to reopen the account' })).toBeNull();
    off();
  });

  it('without a terminated e-mail in the flow context there is nothing to explain: back to /login', async () => {
    act(() => applyFlowStatus({ flow_status_flags: EMPTY_FLOW_FLAGS, flow_context: context(null) }));
    const list = jest.spyOn(accountApi, 'terminatedNumbers');
    const to: string[] = [];
    const off = bus.on('navigate:request', (e) => to.push(e.to));
    renderAt('/login/terminated');
    await waitFor(() => expect(to).toEqual(['/login']));
    expect(list).not.toHaveBeenCalled();
    off();
  });
});

describe('the step', () => {
  it('shows the login on /login', async () => {
    jest.spyOn(accountApi, 'socialProviders').mockResolvedValue({ providers: [] });
    renderAt('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in or create an account' })).toBeInTheDocument();
  });
});
