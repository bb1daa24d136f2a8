import { bus } from '../../bus';
import { reportError } from '../../actions';
import { ApiError } from '../api-error';
import { ERROR_ACTIONS, errorObjectFor } from '../catalogue';
import { errorActionHandler, isLiveAction, isStepAction, liveButtons, registerErrorActions, STEP_ACTIONS } from '../error-actions';
import type { ErrorObject } from '../../schemas/entities';

describe('error action registry', () => {
  it('hands a step action to the handler registered for that very error, and no other', () => {
    const retry = jest.fn();
    const mine = errorObjectFor('error_general');
    const other = errorObjectFor('error_general');
    registerErrorActions(mine, { retry });
    errorActionHandler(mine, 'retry')?.();
    expect(retry).toHaveBeenCalledTimes(1);
    expect(errorActionHandler(other, 'retry')).toBeUndefined();
  });

  it('never hands an acknowledgement to a step: the shell runs those', () => {
    const e = errorObjectFor('number_already_booked');
    registerErrorActions(e, { retry: jest.fn() });
    expect(errorActionHandler(e, 'ok_clear_error_get_status')).toBeUndefined();
    expect(isLiveAction(e, 'ok_clear_error_get_status')).toBe(true);
  });

  it('a withdrawn handler is gone; withdrawing a replaced registration keeps the new one', () => {
    const e = errorObjectFor('error_general');
    const first = registerErrorActions(e, { retry: jest.fn() });
    first();
    expect(errorActionHandler(e, 'retry')).toBeUndefined();
    const second = { retry: jest.fn() };
    const stale = registerErrorActions(e, { retry: jest.fn() });
    registerErrorActions(e, second);
    stale();
    expect(errorActionHandler(e, 'retry')).toBe(second.retry);
  });

  it('offers no dead button: a Retry nobody handles is left out, leaving a plain OK that closes', () => {
    const e = errorObjectFor('error_general');
    expect(liveButtons(e)).toEqual([{ label: 'OK', action: 'ok_clear_error' }]);
    registerErrorActions(e, { retry: jest.fn() });
    expect(liveButtons(e)).toEqual([{ label: 'Retry', action: 'retry' }]);
  });

  it('keeps the acknowledgement when only the step button is unhandled', () => {
    const e = errorObjectFor('number_in_transfer'); // reset_transfer + Message Us (redirect_to_app_chat)
    expect(liveButtons(e).map((b) => b.action)).toEqual(['redirect_to_app_chat']);
    registerErrorActions(e, { reset_transfer: jest.fn() });
    expect(liveButtons(e).map((b) => b.action)).toEqual(['reset_transfer', 'redirect_to_app_chat']);
  });

  it('an error with no buttons falls back to OK and redirect (SPEC 8), the fatal one to none', () => {
    const bare: ErrorObject = { type: 'x', title: 't', text: 'x', code: null, buttons: [] };
    expect(liveButtons(bare)).toEqual([{ label: 'OK', action: 'ok_clear_error_redirect' }]);
    expect(liveButtons({ ...bare, type: 'fatal_config' })).toEqual([]);
  });

  it('classifies every catalogue action: a step action, or an acknowledgement the shell runs', () => {
    const acknowledgements = ERROR_ACTIONS.filter((a) => !isStepAction(a));
    expect(acknowledgements).toEqual([
      'ok_clear_error_redirect',
      'ok_clear_error_get_status',
      'ok_clear_error',
      'max_sims_redirect',
      'redirect_to_app_chat',
      'redirect_to_info_page',
      'clear_and_redirect',
      'reload',
      'go_to_payment',
    ]);
    expect(STEP_ACTIONS.every((a) => (ERROR_ACTIONS as readonly string[]).includes(a))).toBe(true);
  });
});

describe('reportError', () => {
  it('raises the catalogue error with the step handlers attached, and returns their withdraw', () => {
    const raised: ErrorObject[] = [];
    const off = bus.on('error:raised', ({ error }) => raised.push(error));
    const retry = jest.fn();
    const withdraw = reportError(new ApiError('boom', { code: 'internal', status: 500 }), { source: 'number', actions: { retry } });
    off();
    expect(raised).toHaveLength(1);
    const [error] = raised as [ErrorObject];
    expect(error.type).toBe('error_general');
    errorActionHandler(error, 'retry')?.();
    expect(retry).toHaveBeenCalledTimes(1);
    withdraw();
    expect(errorActionHandler(error, 'retry')).toBeUndefined();
  });

  it('still takes a plain source string', () => {
    const sources: (string | undefined)[] = [];
    const off = bus.on('error:raised', ({ source }) => sources.push(source));
    reportError(new Error('x'), 'plan');
    off();
    expect(sources).toEqual(['plan']);
  });
});
