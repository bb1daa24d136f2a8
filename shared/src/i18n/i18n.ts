import rosetta from 'rosetta';
import { EN } from './en';
import { pluralCategory } from './plural';

/**
 * i18n with rosetta: translations fetched from the API (GET /translations) and bundled
 * English as the fallback for anything missing. Flat keys are unflattened because
 * rosetta reads dotted keys as paths.
 */
export type Language = 'en' | 'ar';
export type Params = Record<string, string | number>;

export { PLURAL_CATEGORIES, pluralCategory, pluralCategoriesOf, type PluralCategory } from './plural';

type Tree = { [k: string]: string | Tree };

export function unflatten(flat: Readonly<Record<string, string>>): Tree {
  const tree: Tree = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = tree;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) {
        // A key that is both a leaf and a namespace keeps the leaf under '' (rare).
        const existing = node[p];
        if (existing && typeof existing === 'object') existing[''] = value;
        else node[p] = value;
      } else {
        const next = node[p];
        if (typeof next === 'object') node = next;
        else node = node[p] = typeof next === 'string' ? { '': next } : {};
      }
    });
  }
  return tree;
}

export function createI18n() {
  // Bundled English: the kernel's, plus each domain's as its remote registers it (extend).
  let bundled: Record<string, string> = { ...EN };
  let fromApi: Record<string, string> = {};
  const r = rosetta<Tree>({ en: unflatten(bundled) });
  let lang: Language = 'en';
  let version = 0;
  const listeners = new Set<() => void>();
  const changed = () => {
    version++;
    listeners.forEach((l) => l());
  };
  return {
    /** Merge a dictionary for a language (bundled English stays underneath for missing keys). */
    set(language: Language, flat: Readonly<Record<string, string>>) {
      if (language === 'en') fromApi = { ...flat };
      r.set(language, unflatten(language === 'en' ? { ...bundled, ...flat } : flat));
      changed();
    },
    /**
     * Adds bundled English (a domain's texts, when its remote loads) under what the API sent:
     * the API's translations still win, the bundle fills what they lack.
     */
    extend(texts: Readonly<Record<string, string>>) {
      bundled = { ...bundled, ...texts };
      r.set('en', unflatten({ ...bundled, ...fromApi }));
      // Only a key the API did not send changes what anyone sees: re-render the page for that
      // alone (a remote registers its texts while the page is busy with its first screen).
      if (Object.keys(texts).some((k) => !(k in fromApi))) changed();
    },
    setLanguage(language: Language) {
      lang = language;
      r.locale(language);
      changed();
    },
    language: () => lang,
    dir: (): 'ltr' | 'rtl' => (lang === 'ar' ? 'rtl' : 'ltr'),
    t(key: string, params?: Params): string {
      // A key that is also a namespace (app.language and app.language.switch) keeps its own
      // text under '' (see unflatten); rosetta reaches it with a trailing dot.
      const count = params?.count;
      const lookup = (language: Language): string => {
        const keys =
          typeof count === 'number' ? [`${key}.${pluralCategory(language, count)}`, `${key}.other`, key, `${key}.`] : [key, `${key}.`];
        for (const k of keys) {
          const v: unknown = r.t(k, params ?? {}, language);
          if (typeof v === 'string' && v) return v;
        }
        return '';
      };
      return lookup(lang) || lookup('en') || key;
    },
    /** Changes whenever a dictionary or the language changes (the React layer re-renders on it: useT). */
    version: () => version,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type I18n = ReturnType<typeof createI18n>;
/** The page's i18n instance (a singleton through @join/shared). */
export const i18n: I18n = createI18n();
export const t = (key: string, params?: Params): string => i18n.t(key, params);
/** A domain registers its bundled English into the page's i18n (see extend). */
export const registerTexts = (texts: Readonly<Record<string, string>>): void => i18n.extend(texts);
