import { useCallback, useSyncExternalStore } from 'react';
import { i18n, type Params } from '@join/shared';

/** Translate with re-render on language or dictionary change. */
export function useT(): (key: string, params?: Params) => string {
  const version = useSyncExternalStore(i18n.subscribe, i18n.version, i18n.version);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- version is the cache key on purpose
  return useCallback((key: string, params?: Params) => i18n.t(key, params), [version]);
}

export function useLanguage(): { language: 'en' | 'ar'; dir: 'ltr' | 'rtl' } {
  useSyncExternalStore(i18n.subscribe, i18n.version, i18n.version);
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
