import { useCallback, useSyncExternalStore } from 'react';
import { i18n, type Params } from '../i18n/i18n';

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
