import { createI18n, pluralCategoriesOf, pluralCategory, unflatten } from '../i18n';
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
    expect(i18n.t('plan.validity', { count: 7 })).toBe('plan.validity');
    i18n.set('en', { 'plan.select': 'Pick this plan' });
    i18n.extend({ 'plan.validity.one': '{{count}} day', 'plan.validity.other': '{{count}} days', 'plan.select': 'Choose this plan' });
    expect(i18n.t('plan.validity', { count: 7 })).toBe('7 days');
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
    expect(i18n.t('plan.validity', { count: 3 })).toBe('3 days');
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

describe('plural keys (Intl.PluralRules)', () => {
  const AR_DAYS = {
    'd.zero': 'لا أيام',
    'd.one': 'يوم واحد',
    'd.two': 'يومان',
    'd.few': '{{count}} أيام',
    'd.many': '{{count}} يومًا',
    'd.other': '{{count}} يوم',
  };

  it('picks the English form by count: one, other', () => {
    const i18n = createI18n();
    i18n.extend({ 'd.one': '{{count}} day', 'd.other': '{{count}} days' });
    expect([0, 1, 2, 7].map((n) => i18n.t('d', { count: n }))).toEqual(['0 days', '1 day', '2 days', '7 days']);
  });

  it('picks each of the six Arabic forms', () => {
    const i18n = createI18n();
    i18n.set('ar', AR_DAYS);
    i18n.setLanguage('ar');
    expect([0, 1, 2, 7, 10, 11, 30, 99, 100, 102, 103].map((n) => i18n.t('d', { count: n }))).toEqual([
      'لا أيام',
      'يوم واحد',
      'يومان',
      '7 أيام',
      '10 أيام',
      '11 يومًا',
      '30 يومًا',
      '99 يومًا',
      '100 يوم',
      '102 يوم',
      '103 أيام',
    ]);
  });

  it("falls back to the language's other form, then to English with English rules", () => {
    const i18n = createI18n();
    i18n.extend({ 'd.one': '{{count}} day', 'd.other': '{{count}} days' });
    i18n.set('ar', { 'd.other': '{{count}} يوم' });
    i18n.setLanguage('ar');
    expect(i18n.t('d', { count: 7 })).toBe('7 يوم');
    const englishOnly = createI18n();
    englishOnly.extend({ 'd.one': '{{count}} day', 'd.other': '{{count}} days' });
    englishOnly.setLanguage('ar');
    // Arabic 2 is 'two', English's is 'other'.
    expect(englishOnly.t('d', { count: 1 })).toBe('1 day');
    expect(englishOnly.t('d', { count: 2 })).toBe('2 days');
  });

  it('knows the categories each language needs', () => {
    expect([...pluralCategoriesOf('en')].sort()).toEqual(['one', 'other']);
    expect([...pluralCategoriesOf('ar')].sort()).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
    expect(pluralCategory('ar', 7)).toBe('few');
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
