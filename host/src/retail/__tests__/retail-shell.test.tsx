import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'jotai';
import { bus, EMPTY_FLOW_FLAGS, store, type FlowContext, setFlowFlags, api } from '@join/shared';
import { retailApi, RETAIL_START_URL } from '@join/shared/retail';
import { polyfillDialog } from '@join/shared/testing';
import { ShellFrame } from '../../shell/shell';
import { useSessionEnded } from '../../shell/use-session-ended';
import { browserLocation } from '../../shell/browser-location';
import { isRetailPage, resetRetailPageForTests } from '../retail-page';
import { resetWipeForTests } from '../wipe';

beforeAll(polyfillDialog);
beforeEach(() => act(() => setFlowFlags(EMPTY_FLOW_FLAGS)));
afterEach(() => {
  jest.restoreAllMocks();
  resetWipeForTests();
  resetRetailPageForTests();
});

function SessionEnded() {
  useSessionEnded();
  return null;
}

function renderFrame(ctx: FlowContext, path = '/number') {
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <SessionEnded />
        <ShellFrame pathname={path} ctx={ctx}>
          <h1>Step</h1>
        </ShellFrame>
      </MemoryRouter>
    </Provider>,
  );
}

const watchWipe = () => ({
  replace: jest.spyOn(browserLocation, 'replace').mockImplementation(() => undefined),
  end: jest.spyOn(retailApi, 'endCustomerSession').mockResolvedValue({ ended: true }),
});

describe('the shell on a shop device', () => {
  it('has no footer (nor its logout) for a retail customer, and has one for a visitor', async () => {
    const { unmount } = renderFrame({ flags: EMPTY_FLOW_FLAGS, retail: true });
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('button', { name: /log out/i })).toBeNull();
    await waitFor(() => expect(isRetailPage()).toBe(true));
    unmount();
    resetRetailPageForTests();
    renderFrame({ flags: EMPTY_FLOW_FLAGS });
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(isRetailPage()).toBe(false);
  });

  it('Home asks "Start over?"; "Keep going" keeps the customer, "Start over" wipes them (reason start_over)', async () => {
    const { replace, end } = watchWipe();
    renderFrame({ flags: EMPTY_FLOW_FLAGS, retail: true });
    const home = within(screen.getByRole('banner')).getByRole('button', { name: 'Start over' });
    await userEvent.click(home);
    let dialog = await screen.findByRole('alertdialog', { name: 'Start over?' });
    expect(dialog).toHaveAccessibleDescription(/erased from this device/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep going' }));
    expect(screen.queryByRole('alertdialog', { name: 'Start over?' })).toBeNull();
    expect(end).not.toHaveBeenCalled();

    await userEvent.click(home);
    dialog = await screen.findByRole('alertdialog', { name: 'Start over?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start over' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith(RETAIL_START_URL));
    expect(end).toHaveBeenCalledWith('start_over');
  });

  it('a page restored from the back/forward cache is wiped at once; a fresh load is not', async () => {
    const { replace, end } = watchWipe();
    renderFrame({ flags: EMPTY_FLOW_FLAGS, retail: true });
    const show = (persisted: boolean) => {
      const e = new Event('pageshow') as PageTransitionEvent;
      Object.defineProperty(e, 'persisted', { value: persisted });
      window.dispatchEvent(e);
    };
    await waitFor(() => expect(document.querySelector('dialog[aria-labelledby="retail-idle-title"]')).not.toBeNull());
    act(() => show(false));
    expect(end).not.toHaveBeenCalled();
    act(() => show(true));
    await waitFor(() => expect(replace).toHaveBeenCalledWith(RETAIL_START_URL));
    expect(end).toHaveBeenCalledWith('back');
  });

  it('a wipe in another tab of the device ("End session" there) wipes this tab too', async () => {
    const { replace, end } = watchWipe();
    renderFrame({ flags: EMPTY_FLOW_FLAGS, retail: true });
    await waitFor(() => expect(document.querySelector('dialog[aria-labelledby="retail-idle-title"]')).not.toBeNull());
    const otherTab = new BroadcastChannel('join-retail-wipe');
    otherTab.postMessage({ reason: 'end_session' });
    otherTab.close();
    await waitFor(() => expect(replace).toHaveBeenCalledWith(RETAIL_START_URL));
    expect(end).toHaveBeenCalledWith('end_session');
  });

  it('a retail customer whose session the server ended is wiped (reason expired), never logged in again as a visitor', async () => {
    const { replace, end } = watchWipe();
    const login = jest.spyOn(api, 'loginByDeviceId');
    renderFrame({ flags: EMPTY_FLOW_FLAGS, retail: true });
    await waitFor(() => expect(isRetailPage()).toBe(true));
    act(() => bus.emit('session:ended', { code: -27 }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith(RETAIL_START_URL));
    expect(end).toHaveBeenCalledWith('expired');
    expect(login).not.toHaveBeenCalled();
  });

  it('a visitor whose session ended still starts a fresh visitor session (no wipe to the retail start)', async () => {
    const { replace } = watchWipe();
    const login = jest.spyOn(api, 'loginByDeviceId').mockRejectedValue(new Error('offline'));
    renderFrame({ flags: EMPTY_FLOW_FLAGS });
    act(() => bus.emit('session:ended', { code: -27 }));
    await waitFor(() => expect(login).toHaveBeenCalled());
    expect(replace).not.toHaveBeenCalled();
  });
});
