import { EN_TRANSLATIONS, errorObjectFor, errorTranslations, ERROR_CATALOGUE, PLURAL_CATEGORIES, pluralCategoriesOf } from '@join/shared/contract';
// The page's i18n itself (rosetta with the plural rules), so every key renders as the visitor
// sees it. The kernel keeps i18n out of its Node entry; a test may reach the file directly.
import { createI18n } from '../../../../../shared/src/i18n/i18n';
import { AR_TRANSLATIONS } from '@join/shared/texts-ar';
import { LATIN_ALLOW_LIST } from '../../numbers/seed/latin-allow-list';

/**
 * Every key in both languages: Arabic has every English key (a plural stem with the forms
 * Arabic's plural rules need, English's with English's), every catalogue error, no key
 * English lacks, the same {{params}}, and no English left in it. The allow-list of Latin words
 * is documented in shared/README.md (i18n).
 */
/** Keys whose value is Latin by design: the switch names the other language in its own script. */
const LATIN_BY_DESIGN: ReadonlySet<string> = new Set(['app.language.switch']);

const PARAM = /\{\{\s*(\w+)\s*\}\}/g;
const paramsOf = (text: string): string[] => [...new Set([...text.matchAll(PARAM)].map((m) => m[1]!))].sort();
const latinWords = (text: string): string[] =>
  (text.replace(PARAM, '').match(/[A-Za-z][A-Za-z&]*/g) ?? []).filter((w) => !LATIN_ALLOW_LIST.has(w));

const EN: Readonly<Record<string, string>> = EN_TRANSLATIONS;
const AR: Readonly<Record<string, string>> = AR_TRANSLATIONS;
const PLURAL_FORM = new RegExp(`^(.+)\\.(${PLURAL_CATEGORIES.join('|')})$`);
const stemOf = (key: string): string | null => {
  const m = PLURAL_FORM.exec(key);
  return m && `${m[1]}.other` in EN ? m[1]! : null;
};
const pluralStems = [...new Set(Object.keys(EN).map(stemOf).filter((s): s is string => s !== null))].sort();
const plainKeys = Object.keys(EN).filter((k) => stemOf(k) === null);
const errorKeys = Object.keys(errorTranslations());

describe('the dictionaries, key by key', () => {
  it('has plural keys to check (the conversion happened)', () => {
    expect(pluralStems).toEqual(expect.arrayContaining(['plan.validity', 'plan.delivery', 'choice.boosterDays', 'vip.confirmText']));
  });

  it('gives every plural key the forms its language needs: English one and other, Arabic all six', () => {
    expect([...pluralCategoriesOf('ar')].sort()).toEqual([...PLURAL_CATEGORIES].sort());
    const missing = (dict: Readonly<Record<string, string>>, language: string) =>
      pluralStems.flatMap((stem) => pluralCategoriesOf(language).map((c) => `${stem}.${c}`)).filter((k) => !dict[k]);
    expect(missing(EN, 'en')).toEqual([]);
    expect(missing(AR, 'ar')).toEqual([]);
    // A plural stem is never also a plain key (t() would not know which to use).
    expect(pluralStems.filter((s) => s in EN || s in AR)).toEqual([]);
  });

  it('makes every text that counts a noun a plural key (no {{days}}, {{months}}, {{minutes}}… left in a plain key)', () => {
    const COUNTED = ['count', 'days', 'months', 'minutes', 'seconds', 'hours', 'items', 'digits'];
    // Texts where the number counts no noun, with the reason.
    const NOT_COUNTING: Record<string, string> = {
      'feedback.count': 'a counter, "12 / 50"',
      'feedback.error.tooLong': 'the noun follows {{max}}, the fixed SPEC 5 limit of 50 (حرفًا); {{count}} stands alone in brackets',
    };
    expect(plainKeys.filter((k) => !NOT_COUNTING[k] && paramsOf(EN[k]!).some((p) => COUNTED.includes(p)))).toEqual([]);
  });

  it('has Arabic for every English key and every catalogue error, and nothing English lacks', () => {
    expect(plainKeys.filter((k) => !AR[k])).toEqual([]);
    expect(errorKeys.filter((k) => !AR[k])).toEqual([]);
    const known = new Set([...plainKeys, ...errorKeys, ...pluralStems.flatMap((s) => PLURAL_CATEGORIES.map((c) => `${s}.${c}`))]);
    expect(Object.keys(AR).filter((k) => !known.has(k))).toEqual([]);
  });

  it('keeps the parameters of each text (a plural form may spell its count out and drop it)', () => {
    const mismatched = Object.entries(AR).flatMap(([key, value]) => {
      const stem = stemOf(key);
      const english = errorTranslations()[key as keyof ReturnType<typeof errorTranslations>] ?? EN[stem ? `${stem}.other` : key] ?? '';
      // A plural form may leave out the count ("يومان" is two days): its parameters are the
      // English ones less what it spells out; any other text has exactly the English ones.
      const ok = stem
        ? paramsOf(value).every((p) => paramsOf(english).includes(p)) && paramsOf(english).filter((p) => !paramsOf(value).includes(p)).every((p) => p === 'count' || p === 'value')
        : paramsOf(value).join() === paramsOf(english).join();
      return ok ? [] : [{ key, arabic: paramsOf(value), english: paramsOf(english) }];
    });
    expect(mismatched).toEqual([]);
  });

  it('has no English left in Arabic: no Latin word outside the allow-list', () => {
    const english = Object.entries(AR)
      .filter(([key]) => !LATIN_BY_DESIGN.has(key))
      .map(([key, value]) => ({ key, latin: latinWords(value) }))
      .filter((e) => e.latin.length > 0);
    expect(english).toEqual([]);
  });

  it('catches English in Arabic (the check itself)', () => {
    expect(latinWords('حقل Required field')).toEqual(['Required', 'field']);
    expect(latinWords('بيانات {{extra}} 5 GB بسعر AED')).toEqual([]);
  });
});

describe('every key rendered in both languages', () => {
  const en = createI18n();
  en.extend(EN);
  const ar = createI18n();
  ar.extend(EN);
  ar.set('ar', AR);
  ar.setLanguage('ar');
  const sample = (text: string) => Object.fromEntries(paramsOf(text).map((p) => [p, p === 'count' ? 7 : 5]));

  it('renders each plain key as its own text, with its parameters filled, in each language', () => {
    const wrong = plainKeys.flatMap((key) => {
      const params = sample(EN[key]!);
      const [e, a] = [en.t(key, params), ar.t(key, params)];
      const ok = e !== key && a !== key && !e.includes('{{') && !a.includes('{{') && (a !== e || LATIN_BY_DESIGN.has(key) || !/[A-Za-z]/.test(e));
      return ok ? [] : [{ key, e, a }];
    });
    expect(wrong).toEqual([]);
  });

  it('renders each plural key for counts of every category, Arabic never falling back to English', () => {
    const COUNTS = [0, 1, 2, 3, 7, 10, 11, 14, 28, 99, 100, 102];
    const wrong = pluralStems.flatMap((stem) =>
      COUNTS.flatMap((count) => {
        const params = { ...sample(EN[`${stem}.other`]!), count };
        const [e, a] = [en.t(stem, params), ar.t(stem, params)];
        const ok = e !== stem && a !== stem && !e.includes('{{') && !a.includes('{{') && latinWords(a).length === 0;
        return ok ? [] : [{ stem, count, e, a }];
      }),
    );
    expect(wrong).toEqual([]);
    // The grammar the issue asked for: 7 أيام, 10 دقائق, 11 يومًا, 1 day.
    expect(ar.t('plan.validity', { count: 7 })).toBe('7 أيام');
    expect(ar.t('plan.validity', { count: 14 })).toBe('14 يومًا');
    expect(ar.t('plan.delivery', { count: 10 })).toBe('التوصيل خلال 10 دقائق');
    expect(ar.t('plan.forMonths', { count: 12 })).toBe('لمدة 12 شهرًا');
    expect(ar.t('plan.forMonths', { count: 2 })).toBe('لمدة شهرين');
    expect(en.t('plan.validity', { count: 1 })).toBe('1 day');
    expect(en.t('plan.validity', { count: 7 })).toBe('7 days');
  });

  it('renders every error pop-up in Arabic: title, text and buttons', () => {
    const translate = (key: string, fallback: string) => {
      const v = ar.t(key);
      return v === key ? fallback : v;
    };
    const english = Object.keys(ERROR_CATALOGUE).flatMap((type) => {
      const shown = errorObjectFor(type, null, translate);
      const texts = [shown.title, shown.text, ...shown.buttons.map((b) => b.label)];
      return texts.filter((s) => latinWords(s).length > 0 || !/\p{Script=Arabic}/u.test(s)).map((s) => ({ type, s }));
    });
    expect(english).toEqual([]);
    expect(errorObjectFor('number_already_booked', -2015, translate).title).toBe('للأسف!');
  });
});
