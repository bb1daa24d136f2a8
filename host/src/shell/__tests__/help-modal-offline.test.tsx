import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'jotai';
import { store } from '@join/shared';
import { HelpModal, helpOpenAtom } from '../help-modal';
import { polyfillDialog } from '@join/shared/testing';

// The help content's chunk cannot be fetched the first time (a weak connection), then can.
let reachable = false;
jest.mock('../../help/help-panel', () => {
  if (!reachable) throw new Error('Loading chunk 145 failed');
  return { __esModule: true, default: () => <p>Help content</p> };
});

beforeAll(polyfillDialog);

it('says the help could not load and loads it on Try again, keeping the page', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/number']}>
        <p>The step</p>
        <HelpModal />
      </MemoryRouter>
    </Provider>,
  );
  act(() => store.set(helpOpenAtom, true));
  const dialog = screen.getByRole('dialog', { name: 'Help' });
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Check your connection and try again.');
  expect(screen.getByText('The step')).toBeInTheDocument();
  reachable = true;
  jest.resetModules();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
  expect(await within(dialog).findByText('Help content')).toBeInTheDocument();
});
