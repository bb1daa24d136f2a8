import { ErrorObject } from '../../schemas/entities';
import {
  CLIENT_CATALOGUE_TYPES,
  ERROR_ACTIONS,
  ERROR_BUTTON_LABELS,
  ERROR_CATALOGUE,
  ERROR_TITLES,
  catalogueEntry,
  errorObjectFor,
  errorObjectForCode,
  isCatalogueType,
  showsErrorPopup,
} from '../catalogue';
import { CLIENT_MESSAGE_TYPES, KNOWN_SERVER_CODES, LOGOUT_CODES, SERVER_MESSAGE_TYPES, messageTypeForCode } from '../codes';

const entries = Object.entries(ERROR_CATALOGUE);

describe('payment failures that may pass', () => {
  it('offer Retry and Change card, never Retry alone', () => {
    for (const type of ['payment_error_general', 'payment_error_transaction_failed', 'incorrect_details_temp_issue'] as const) {
      expect(ERROR_CATALOGUE[type].buttons.map((b) => b.action)).toEqual(['retry_payment', 'change_card']);
    }
  });
});

describe('the catalogue table', () => {
  it('covers every server message type, client key and error_general', () => {
    const missing = [...SERVER_MESSAGE_TYPES, ...CLIENT_MESSAGE_TYPES, ...CLIENT_CATALOGUE_TYPES, 'error_general'].filter(
      (t) => !isCatalogueType(t),
    );
    expect(missing).toEqual([]);
  });

  it('maps every known server code to its own catalogue entry, not the general one', () => {
    for (const code of KNOWN_SERVER_CODES) {
      const type = messageTypeForCode(code);
      expect(type).not.toBe('error_general');
      expect(isCatalogueType(type)).toBe(true);
      expect(errorObjectForCode(code).type).toBe(type);
    }
  });

  it('tells a visitor held back by a budget or a hold limit to wait, not that something broke', () => {
    expect(messageTypeForCode('rate_limited')).toBe('rate_limited');
    const popup = errorObjectForCode('rate_limited');
    expect(popup.title).toMatch(/wait/i);
    expect(popup.buttons?.map((x) => x.action)).toEqual(['ok_clear_error']);
  });

  it('holds no entry nobody can raise', () => {
    const raisable = new Set<string>([...SERVER_MESSAGE_TYPES, ...CLIENT_CATALOGUE_TYPES, 'error_general']);
    expect(Object.keys(ERROR_CATALOGUE).filter((t) => !raisable.has(t))).toEqual([]);
  });

  it('never has more than two buttons, and only known actions and labels', () => {
    for (const [type, e] of entries) {
      expect([type, e.buttons.length <= 2]).toEqual([type, true]);
      for (const btn of e.buttons) {
        expect(ERROR_ACTIONS).toContain(btn.action);
        expect(Object.keys(ERROR_BUTTON_LABELS)).toContain(btn.label);
      }
    }
  });

  it('gives every entry a title and a text', () => {
    for (const [, e] of entries) {
      expect(e.title.trim()).not.toBe('');
      expect(e.text.trim()).not.toBe('');
    }
  });

  it('uses the titles and buttons the spec gives', () => {
    expect(ERROR_TITLES).toEqual({ ohNo: 'Oh no!', uhOh: "Uh-oh! Something's gone wrong." });
    expect(ERROR_CATALOGUE.error_general.title).toBe('Something went wrong');
    expect(ERROR_CATALOGUE.error_general.buttons).toEqual([{ label: 'retry', action: 'retry' }]);
    expect(ERROR_CATALOGUE.code_expired.title).toBe('Verification code expired');
    expect(ERROR_CATALOGUE.code_expired.buttons[0]).toEqual({ label: 'resend_code', action: 'resend_code' });
    expect(ERROR_CATALOGUE.payment_error_fraud.buttons).toEqual([
      { label: 'change_card', action: 'change_card' },
      { label: 'message_us', action: 'redirect_to_app_chat' },
    ]);
    expect(ERROR_CATALOGUE.transaction_declined.text).toMatch(/Visa, Mastercard and American Express/);
    expect(ERROR_CATALOGUE.delivery_unsupported_area.text).toMatch(/collect your SIM in store/);
    expect(ERROR_CATALOGUE.session_expired.title).toBe('Session expired');
  });

  it('lets the number list refresh after a booked number, and offers a new number after expiry', () => {
    expect(ERROR_CATALOGUE.number_already_booked.buttons.map((x) => x.action)).toEqual(['ok_clear_error_get_status']);
    expect(ERROR_CATALOGUE.number_expired.buttons).toEqual([{ label: 'new_number', action: 'ok_clear_error_get_status' }]);
    expect(ERROR_CATALOGUE.max_sims_reached.buttons.map((x) => x.action)).toContain('max_sims_redirect');
  });
});

describe('a paid order cannot change', () => {
  it('says to finish or cancel the open payment, with the way to it', () => {
    const popup = errorObjectForCode('payment_open');
    expect(popup.type).toBe('payment_open');
    expect(popup.title).toBe('Finish or cancel the payment first');
    expect(popup.buttons.map((x) => [x.label, x.action])).toEqual([
      ['Go to payment', 'go_to_payment'],
      ['Close', 'ok_clear_error'],
    ]);
  });

  it('says an order that changed was given back, and a cancelled payment took nothing', () => {
    expect(errorObjectForCode('order_changed')).toMatchObject({ type: 'order_changed', text: expect.stringMatching(/given back/) });
    expect(errorObjectForCode('order_changed').buttons.map((x) => x.action)).toEqual(['ok_clear_error_get_status']);
    expect(errorObjectForCode('payment_cancelled')).toMatchObject({ type: 'payment_cancelled', text: expect.stringMatching(/nothing was taken/) });
  });
});

/**
 * A 3-D Secure check that failed or was not completed is not SPEC 8's -7110 ("only three
 * card brands"): each says what happened to the payment (nothing was taken) and what to do now,
 * under a fixed title of SPEC 8, with the likely answer first.
 */
describe('3-D Secure', () => {
  it.each([
    {
      code: 'three_ds_cancelled',
      when: 'a cancelled check says nothing was taken and offers to try again first, then another card',
      says: [/bank/, /not completed/, /nothing was taken/],
      buttons: [
        ['Retry', 'retry_payment'],
        ['Change card', 'change_card'],
      ],
    },
    {
      code: 'three_ds_failed',
      when: 'a failed check says the bank could not confirm it, nothing was taken, and offers another card first',
      says: [/bank couldn't confirm/, /nothing was taken/],
      buttons: [
        ['Change card', 'change_card'],
        ['Retry', 'retry_payment'],
      ],
    },
  ] as const)('$when', ({ code, says, buttons }) => {
    const popup = errorObjectForCode(code);
    expect(popup.type).toBe(code);
    expect(Object.values(ERROR_TITLES)).toContain(popup.title);
    for (const words of says) expect(popup.text).toMatch(words);
    expect(popup.text).not.toMatch(/Visa|Mastercard/);
    expect(popup.buttons.map((x) => [x.label, x.action])).toEqual(buttons);
  });
});

describe('session codes', () => {
  it.each(LOGOUT_CODES.map((c) => [c]))('%d is a session type', (code) => {
    expect(errorObjectForCode(code).type).toBe('session_expired');
  });

  it('shows no pop-up for -27 only', () => {
    expect(showsErrorPopup(-27)).toBe(false);
    expect(showsErrorPopup('-27')).toBe(false);
    expect(showsErrorPopup(-7104)).toBe(true);
    expect(showsErrorPopup(-2015)).toBe(true);
    expect(showsErrorPopup(null)).toBe(true);
  });
});

describe('errorObjectFor', () => {
  it('builds a valid error object of the entity schema', () => {
    for (const [type] of entries) {
      const obj = errorObjectFor(type, -1);
      expect(ErrorObject.parse(obj)).toEqual(obj);
      expect(obj.buttons.length).toBeGreaterThanOrEqual(1);
      expect(obj.buttons.length).toBeLessThanOrEqual(2);
    }
  });

  it('gives error_general for unknown types and codes', () => {
    expect(errorObjectFor('no_such_type').type).toBe('error_general');
    expect(errorObjectFor('toString').type).toBe('error_general');
    expect(errorObjectFor('__proto__').type).toBe('error_general');
    expect(errorObjectForCode(-123456)).toMatchObject({ type: 'error_general', title: 'Something went wrong', code: -123456 });
    expect(errorObjectForCode('weird').type).toBe('error_general');
    expect(errorObjectForCode(undefined)).toMatchObject({ type: 'error_general', code: null });
  });

  it('maps client keys through the code table', () => {
    expect(errorObjectForCode('spotii_error').type).toBe('spotii_error');
    expect(errorObjectForCode('-7103')).toMatchObject({ type: 'payment_error_fraud', code: '-7103' });
  });

  it('keeps the code only when scalar', () => {
    expect(errorObjectFor('payment_error_general', -7099).code).toBe(-7099);
    expect(errorObjectFor('payment_error_general', 'E42').code).toBe('E42');
    expect(errorObjectFor('payment_error_general', { code: 1 }).code).toBeNull();
    expect(errorObjectFor('payment_error_general', [1]).code).toBeNull();
    expect(errorObjectFor('payment_error_general', true).code).toBeNull();
    expect(errorObjectFor('payment_error_general', Number.NaN).code).toBeNull();
    expect(errorObjectFor('payment_error_general', '  ').code).toBeNull();
    expect(errorObjectFor('payment_error_general').code).toBeNull();
  });

  it('falls back to OK with redirect when an entry has no buttons', () => {
    expect(ERROR_CATALOGUE.session_expired.buttons).toEqual([]);
    expect(errorObjectFor('session_expired').buttons).toEqual([{ label: 'OK', action: 'ok_clear_error_redirect' }]);
    expect(errorObjectFor('under_age').buttons).toEqual([{ label: 'OK', action: 'ok_clear_error_redirect' }]);
  });

  it('offers only a reload for the fatal config error', () => {
    expect(errorObjectFor('fatal_config').buttons).toEqual([{ label: 'Reload', action: 'reload' }]);
  });

  it('resolves English labels for the pop-up', () => {
    expect(errorObjectFor('payment_error_fraud').buttons).toEqual([
      { label: 'Change card', action: 'change_card' },
      { label: 'Message Us', action: 'redirect_to_app_chat' },
    ]);
  });

  it('translates title, text and labels through t, keyed by type and label id', () => {
    const asked: string[] = [];
    const t = (key: string, fallback: string) => {
      asked.push(key);
      return key === 'errors.number_expired.title' ? 'انتهى الحجز' : `${fallback}!`;
    };
    const obj = errorObjectFor('number_expired', -2010, t);
    expect(asked).toEqual(['errors.number_expired.title', 'errors.number_expired.text', 'errors.buttons.new_number']);
    expect(obj.title).toBe('انتهى الحجز');
    expect(obj.text).toBe(`${ERROR_CATALOGUE.number_expired.text}!`);
    expect(obj.buttons).toEqual([{ label: 'Get a new number!', action: 'ok_clear_error_get_status' }]);
  });

  it('translates under the error_general keys for an unknown type', () => {
    const asked: string[] = [];
    errorObjectFor('nope', null, (key, fallback) => {
      asked.push(key);
      return fallback;
    });
    expect(asked[0]).toBe('errors.error_general.title');
  });

  it('returns the general entry for an unknown type', () => {
    expect(catalogueEntry('nope')).toBe(ERROR_CATALOGUE.error_general);
    expect(catalogueEntry('wrong_operator')).toBe(ERROR_CATALOGUE.wrong_operator);
  });
});
