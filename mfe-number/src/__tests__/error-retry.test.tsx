import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, bus, errorActionHandler, liveButtons, type ErrorObject, type PhoneNumber, setHeldNumber } from '@join/shared';
import { api } from '../api/endpoints';
import NumberStep from '../step';
import { phoneNumberText } from '../test-utils/number-text';
import { renderInPage } from '@join/shared/testing';

/**
 * The error pop-up's Retry reaches the step: what the step registered with the error
 * is run as the host's pop-up would run it, and the failed request is made again.
 */
const offer: PhoneNumber = { MSISDN: '971580000001', InTransferTo: null, VanityLevelId: 1, ReservationDate: null, ExpiryDate: null };
const failure = () => new ApiError('server error', { code: 'internal', status: 500 });

function raisedErrors() {
  const errors: ErrorObject[] = [];
  const off = bus.on('error:raised', ({ error }) => errors.push(error));
  return { errors, off };
}

const renderAt = (route: string) => renderInPage(<NumberStep route={route} />);

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
  expect(await screen.findByText(phoneNumberText('0580000001', '.number-display'))).toBeInTheDocument();
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

it('a refused transfer check offers "reset transfer", which starts the form again', async () => {
  jest.spyOn(api, 'getOperators').mockResolvedValue({ operators: [{ code: 'du', name: 'du' }] });
  jest.spyOn(api, 'verifyPortability').mockRejectedValue(new ApiError('already in transfer', { code: -405, status: 409 }));
  const { errors, off } = raisedErrors();
  renderAt('/number/transfer');
  const field = await screen.findByRole('textbox', { name: /current UAE mobile number/i });
  await userEvent.type(field, '0551234567');
  await userEvent.selectOptions(await screen.findByRole('combobox'), 'du');
  await userEvent.click(screen.getByRole('button', { name: /check/i }));
  await act(async () => undefined);
  const [error] = errors;
  expect(error && liveButtons(error).map((b) => b.action)).toEqual(['reset_transfer', 'redirect_to_app_chat']);
  await act(async () => {
    await errorActionHandler(error!, 'reset_transfer')?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  expect(field).toHaveValue('');
  expect(field).toHaveFocus();
  off();
});
