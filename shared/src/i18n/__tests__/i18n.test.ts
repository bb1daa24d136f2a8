import { createI18n, unflatten } from '../i18n';
import { EN } from '../en';

describe('i18n', () => {
  it('falls back to bundled English for missing keys, and to the key itself last', () => {
    const i18n = createI18n();
    i18n.set('ar', { 'footer.help': 'مساعدة' });
    i18n.setLanguage('ar');
    expect(i18n.t('footer.help')).toBe('مساعدة');
    expect(i18n.t('footer.legal')).toBe('Terms and privacy');
    expect(i18n.t('no.such.key')).toBe('no.such.key');
    expect(i18n.dir()).toBe('rtl');
  });

  it('interpolates parameters', () => {
    const i18n = createI18n();
    expect(i18n.t('app.stepOf', { n: 2, total: 6 })).toBe('Step 2 of 6');
  });

  it("takes a domain's bundled English under the API's texts: the API wins, the bundle fills the gaps", () => {
    const i18n = createI18n();
    expect(i18n.t('plan.validity', { days: 7 })).toBe('plan.validity');
    i18n.set('en', { 'plan.select': 'Pick this plan' });
    i18n.extend({ 'plan.validity': '{{days}} days', 'plan.select': 'Choose this plan' });
    expect(i18n.t('plan.validity', { days: 7 })).toBe('7 days');
    expect(i18n.t('plan.select')).toBe('Pick this plan');
    // Texts the API already sent change nothing on screen: no re-render for them.
    const listener = jest.fn();
    i18n.subscribe(listener);
    i18n.extend({ 'plan.select': 'Choose this plan' });
    expect(listener).not.toHaveBeenCalled();
    i18n.extend({ 'plan.other': 'Other' });
    expect(listener).toHaveBeenCalledTimes(1);
    // A later dictionary from the API keeps the bundle underneath.
    i18n.set('en', { 'footer.help': 'Help' });
    expect(i18n.t('plan.validity', { days: 3 })).toBe('3 days');
  });

  it('notifies subscribers when the language changes', () => {
    const i18n = createI18n();
    const fn = jest.fn();
    i18n.subscribe(fn);
    const v = i18n.version();
    i18n.setLanguage('ar');
    expect(fn).toHaveBeenCalled();
    expect(i18n.version()).toBe(v + 1);
  });

  it('unflattens dotted keys, keeping a leaf that is also a namespace', () => {
    expect(unflatten({ 'a.b': 'x', a: 'y', c: 'z' })).toEqual({ a: { b: 'x', '': 'y' }, c: 'z' });
  });
});

describe('the bundled dictionary', () => {
  it('renders every key as its own text (no key is both a text and a namespace)', () => {
    const i18n = createI18n();
    for (const [key, value] of Object.entries(EN)) {
      // rosetta fills missing {{params}} with nothing
      expect([key, i18n.t(key)]).toEqual([key, value.replace(/\{\{\s*\w+\s*\}\}/g, '')]);
    }
  });
});
