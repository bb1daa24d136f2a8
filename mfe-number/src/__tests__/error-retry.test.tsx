import { act, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { ApiError, bus, createQueryClient, errorActionHandler, liveButtons, store, type ErrorObject, type PhoneNumber, setHeldNumber } from '@join/shared';
import { api } from '../api/endpoints';
import NumberStep from '../step';

/**
 * The error pop-up's Retry reaches the step (issue 8): what the step registered with the error
 * is run as the host's pop-up would run it, and the failed request is made again.
 */
const offer: PhoneNumber = { MSISDN: '971580000001', InTransferTo: null, VanityLevelId: 1, ReservationDate: null, ExpiryDate: null };
const failure = () => new ApiError('server error', { code: 'internal', status: 500 });

function raisedErrors() {
  const errors: ErrorObject[] = [];
  const off = bus.on('error:raised', ({ error }) => errors.push(error));
  return { errors, off };
}

const renderAt = (route: string) =>
  render(
    <Provider store={store}>
      <QueryClientProvider client={createQueryClient()}>
        <NumberStep route={route} />
      </QueryClientProvider>
    </Provider>,
  );

afterEach(() => jest.restoreAllMocks());

it('a failed random offer offers Retry, and Retry brings a number', async () => {
  act(() => setHeldNumber(null));
  const random = jest.spyOn(api, 'randomNumbers').mockRejectedValueOnce(failure()).mockResolvedValue({ numbers: [offer] });
  const { errors, off } = raisedErrors();
  renderAt('/number');
  await act(async () => undefined);
  expect(screen.getByText('Finding a number for you…')).toBeInTheDocument();
  const [error] = errors;
  expect(error && liveButtons(error).map((b) => b.action)).toEqual(['retry']);
  await act(async () => {
    await errorActionHandler(error!, 'retry')?.();
  });
  expect(await screen.findByText('0580000001', { selector: '.number-display' })).toBeInTheDocument();
  expect(random).toHaveBeenCalledTimes(2);
  off();
});

it('the transfer page loads the operators again on Retry', async () => {
  const operators = jest.spyOn(api, 'getOperators').mockRejectedValueOnce(failure()).mockResolvedValue({ operators: [{ code: 'du', name: 'du' }] });
  const { errors, off } = raisedErrors();
  renderAt('/number/transfer');
  await act(async () => undefined);
  expect(screen.queryByRole('option', { name: 'du' })).toBeNull();
  await act(async () => {
    await errorActionHandler(errors[0]!, 'retry')?.();
  });
  expect(await screen.findByRole('option', { name: 'du' })).toBeInTheDocument();
  expect(operators).toHaveBeenCalledTimes(2);
  off();
});
