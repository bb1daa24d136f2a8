import { startTransition, useCallback, useEffect, useState } from 'react';
import { i18n, type Params } from '@join/shared';

/**
 * The dictionaries' version, for a re-render when the language or a dictionary changes, in a
 * transition. Such a change (the translations arriving at start-up, a step's module adding its
 * texts, the visitor switching language) re-renders every text of the page; React renders a
 * transition in slices that give a phone's main thread back. With useSyncExternalStore, whose
 * updates are always synchronous, the step module's texts arriving re-rendered the page in one
 * task of up to 240 ms on a phone's CPU (issue 27). Until it commits, the page shows the texts it
 * had, as a whole.
 */
function useI18nVersion(): number {
  const [version, setVersion] = useState(i18n.version);
  useEffect(() => {
    const update = () => startTransition(() => setVersion(i18n.version()));
    const unsubscribe = i18n.subscribe(update);
    update(); // a change between the render and this effect
    return () => void unsubscribe();
  }, []);
  return version;
}

/** Translate with re-render on language or dictionary change. */
export function useT(): (key: string, params?: Params) => string {
  const version = useI18nVersion();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- version is the cache key on purpose
  return useCallback((key: string, params?: Params) => i18n.t(key, params), [version]);
}

export function useLanguage(): { language: 'en' | 'ar'; dir: 'ltr' | 'rtl' } {
  useI18nVersion();
  return { language: i18n.language(), dir: i18n.dir() };
}

/**
 * A formatted amount (formatSubPlan's value and unit) in the page language: "Unlimited" and
 * "min" are words and are translated (unit.* keys); data units (GB, MB) stay as written.
 * A number of minutes is a plural key (unit.minutes: 10 دقائق, 11 دقيقة in Arabic).
 */
export function useAmountText(): (display: { vmo_ValueFormatted: string; UnitFormatted: string }) => string {
  const t = useT();
  return useCallback(
    ({ vmo_ValueFormatted: value, UnitFormatted: unit }) => {
      const word = (s: string) => {
        if (!s) return s;
        const key = `unit.${s}`;
        const text = t(key);
        return text === key ? s : text;
      };
      const count = Number(value.replace(/,/g, ''));
      if (unit === 'min' && /^[\d,]+$/.test(value) && Number.isFinite(count)) return t('unit.minutes', { count, value });
      return `${/^[\d.]+$/.test(value) ? value : word(value)} ${word(unit)}`.trim();
    },
    [t],
  );
}
