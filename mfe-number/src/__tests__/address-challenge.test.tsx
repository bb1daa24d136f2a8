import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { ApiError, bus, EMPTY_FLOW_FLAGS, numberAtom, setHeldNumber, store, type ErrorObject, type PhoneNumber } from '@join/shared';

import type { CaptchaChallenge } from '@join/shared/contract';
import { api } from '../api/endpoints';
import NumberStep from '../step';
import { renderInPage } from '@join/shared/testing';

/**
 * Past the address's threshold the API answers 428 captcha_required; the step
 * asks for a challenge, solves it in the browser (saying so in a status), and reserves again with
 * the solution. The fake server below signs and verifies for real (altcha-lib), as the API does.
 */
const SECRET = 'a-test-hmac-key-of-some-length';
const offer: PhoneNumber = { MSISDN: '971580000001', InTransferTo: null, VanityLevelId: 1, ReservationDate: null, ExpiryDate: null };
const held: PhoneNumber = { ...offer, ReservationDate: '2026-11-22T10:00:00.000Z', ExpiryDate: '2099-11-22T10:15:00.000Z' };
const captchaRequired = () => new ApiError('Many visitors share your network', { code: 'captcha_required', status: 428 });

const renderAt = (route: string) => renderInPage(<NumberStep route={route} />);

async function issued(): Promise<CaptchaChallenge> {
  const c = await createChallenge({ algorithm: 'SHA-256', cost: 1, keyPrefix: '00', deriveKey, hmacSignatureSecret: SECRET });
  return { parameters: { ...c.parameters } as CaptchaChallenge['parameters'], signature: c.signature ?? '' };
}
async function verified(captcha: string): Promise<boolean> {
  const { challenge, solution } = JSON.parse(Buffer.from(captcha, 'base64').toString('utf8')) as Parameters<typeof verifySolution>[0];
  return (await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: SECRET })).verified;
}

function raisedErrors() {
  const errors: ErrorObject[] = [];
  const off = bus.on('error:raised', ({ error }) => errors.push(error));
  return { errors, off };
}

beforeEach(() => {
  act(() => setHeldNumber(null));
  jest.spyOn(api, 'randomNumbers').mockResolvedValue({ numbers: [offer] });
  jest.spyOn(api, 'postFlowStatus').mockResolvedValue({ flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_number_selected: true } } as never);
  jest.spyOn(api, 'numberChallenge').mockImplementation(async () => ({ challenge: await issued() }));
});
afterEach(() => jest.restoreAllMocks());

it('solves the challenge in the browser, says so, and reserves with the solution', async () => {
  let release: () => void = () => undefined;
  const serverSaw: string[] = [];
  const reserve = jest.spyOn(api, 'reserveNumber').mockImplementation(async (_msisdn: string, captcha?: string) => {
    if (!captcha) throw captchaRequired();
    serverSaw.push((await verified(captcha)) ? 'valid solution' : 'wrong solution');
    await new Promise<void>((resolve) => (release = resolve));
    return { number: held };
  });
  renderAt('/number');
  await userEvent.click(await screen.findByRole('button', { name: 'Take this number' }));
  // The status is said while the work and the second call run.
  expect(await screen.findByText('Checking your connection…')).toBeInTheDocument();
  expect(screen.getByText('Checking your connection…').closest('[role="status"]')).not.toBeNull();
  await waitFor(() => expect(serverSaw).toEqual(['valid solution']));
  await act(async () => release());
  await waitFor(() => expect(screen.queryByText('Checking your connection…')).toBeNull());
  expect(reserve).toHaveBeenCalledTimes(2);
  expect(reserve.mock.calls[0]).toEqual([offer.MSISDN]);
  expect(store.get(numberAtom)?.MSISDN).toBe(offer.MSISDN);
  expect(screen.queryByText('Checking your connection…')).toBeNull();
});

it('a refused solution shows SPEC 8 captcha_error, and the status ends', async () => {
  jest
    .spyOn(api, 'reserveNumber')
    .mockImplementation(async (_msisdn: string, captcha?: string) => {
      throw captcha ? new ApiError('Captcha invalid', { code: 'captcha_error', status: 403 }) : captchaRequired();
    });
  const { errors, off } = raisedErrors();
  renderAt('/number');
  await userEvent.click(await screen.findByRole('button', { name: 'Take this number' }));
  await waitFor(() => expect(errors.map((e) => e.type)).toEqual(['captcha_error']));
  expect(screen.queryByText('Checking your connection…')).toBeNull();
  expect(store.get(numberAtom)).toBeNull();
  off();
});
