/**
 * @jest-environment node
 */
import { EN_TRANSLATIONS } from '../contract';
import { errorTranslations } from '../errors/catalogue';
import { PLURAL_CATEGORIES } from '../i18n/plural';
import { AR_TRANSLATIONS, TEXTS_BY_OWNER, type ArabicTexts } from '../texts-ar';

type Texts = Readonly<Record<string, string>>;

/**
 * What one language lacks of the other: an English key with no Arabic (a plural stem, English's
 * `<stem>.other`, needs all six Arabic forms), and an Arabic key with no English (a plural form
 * counts as English's when its stem is).
 */
function missingTexts(en: Texts, ar: Texts): { noArabic: string[]; noEnglish: string[] } {
  const stems = new Set(Object.keys(en).flatMap((k) => (k.endsWith('.other') ? [k.slice(0, -'.other'.length)] : [])));
  const formOf = (key: string) => {
    const dot = key.lastIndexOf('.');
    return dot > 0 && stems.has(key.slice(0, dot)) && (PLURAL_CATEGORIES as readonly string[]).includes(key.slice(dot + 1));
  };
  const wanted = [...Object.keys(en).filter((k) => !formOf(k)), ...[...stems].flatMap((s) => PLURAL_CATEGORIES.map((c) => `${s}.${c}`))];
  return {
    noArabic: wanted.filter((k) => !ar[k]),
    noEnglish: Object.keys(ar).filter((k) => !en[k] && !formOf(k)),
  };
}

const NONE = { noArabic: [], noEnglish: [] };

describe('every text in both languages, beside its owner', () => {
  it.each(Object.entries(TEXTS_BY_OWNER))('%s: every key has its English and its Arabic', (_owner, { en, ar }) => {
    expect(Object.keys(en).length).toBeGreaterThan(0);
    expect(missingTexts(en, ar)).toEqual(NONE);
  });

  it('the whole Arabic dictionary against all the English (the bundled texts and the error catalogue)', () => {
    expect(missingTexts({ ...EN_TRANSLATIONS, ...errorTranslations() }, AR_TRANSLATIONS)).toEqual(NONE);
  });

  it('is the owners’ Arabic put together, no key in two owners', () => {
    const parts = Object.values(TEXTS_BY_OWNER).map((p) => Object.keys(p.ar));
    const all = parts.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(AR_TRANSLATIONS).sort()).toEqual(all.sort());
    expect(AR_TRANSLATIONS['plan.validity.few']).toBe('{{count}} أيام');
    expect(AR_TRANSLATIONS['errors.buttons.ok']).toBe('حسنًا');
    expect(TEXTS_BY_OWNER['errors']!.ar['errors.buttons.ok']).toBe('حسنًا');
  });

  it('catches a missing language either way (the check itself)', () => {
    const en = { 'a.title': 'Title', 'a.days.one': '{{count}} day', 'a.days.other': '{{count}} days' };
    const ar = { 'a.title': 'العنوان', 'a.days.zero': 'لا أيام', 'a.days.one': 'يوم', 'a.days.two': 'يومان', 'a.days.few': '{{count}} أيام', 'a.days.many': '{{count}} يومًا', 'a.days.other': '{{count}} يوم' };
    expect(missingTexts(en, ar)).toEqual(NONE);
    const { 'a.title': _title, 'a.days.two': _two, ...lacking } = ar;
    expect(missingTexts(en, { ...lacking, 'a.subtitle': 'عنوان فرعي', 'a.days.few': '' })).toEqual({
      noArabic: ['a.title', 'a.days.two', 'a.days.few'],
      noEnglish: ['a.subtitle'],
    });
  });

  it('types an owner’s Arabic against its English (checked by the type-check)', () => {
    type English = { 'a.title': string; 'a.days.one': string; 'a.days.other': string };
    const forms = { 'a.days.zero': '', 'a.days.one': '', 'a.days.two': '', 'a.days.few': '', 'a.days.many': '' };
    const complete: ArabicTexts<English> = { 'a.title': 'العنوان', ...forms, 'a.days.other': 'يوم' };
    // @ts-expect-error a key without its Arabic
    const noTitle: ArabicTexts<English> = { ...forms, 'a.days.other': 'يوم' };
    // @ts-expect-error a plural stem without its six Arabic forms (no `other`)
    const noOther: ArabicTexts<English> = { 'a.title': 'العنوان', ...forms };
    // @ts-expect-error an Arabic key with no English
    const extra: ArabicTexts<English> = { 'a.title': 'العنوان', ...forms, 'a.days.other': 'يوم', 'a.subtitle': 'عنوان فرعي' };
    expect([complete, noTitle, noOther, extra].map((t) => Object.keys(t).length)).toEqual([7, 6, 6, 8]);
  });
});
