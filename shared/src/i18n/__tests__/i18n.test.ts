import { createI18n, unflatten } from '../i18n';

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
    expect(i18n.t('plan.validity', { days: 7 })).toBe('7 days');
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
