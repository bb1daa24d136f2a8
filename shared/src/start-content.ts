import { apiClient, type ApiClient } from './api/client';
import { api as defaultApi, type Endpoints } from './api/endpoints';
import { i18n as defaultI18n, type I18n, type Language } from './i18n/i18n';
import type { BusinessConfig } from './schemas/entities';
import { nextTask } from './next-task';
import { setBizConfig, store as defaultStore, type Store } from './store';

/**
 * What every start of the page loads before anything shows (SPEC 4): the translations and the
 * business config, in parallel, in `language`, served from the page's boot answers when it carries
 * them (the kernel's client, `preload`). The translations go into i18n (their failure leaves the
 * bundled English), the config into the store (`failed` when it fails). The host's start-up and a
 * module's server render of the first screen (prepareFirstScreen) both start this way.
 */
export async function loadStartContent(
  language: Language,
  answers: Readonly<Record<string, unknown>> | undefined,
  deps: { api?: Endpoints; i18n?: I18n; store?: Store; client?: Pick<ApiClient, 'preload'> } = {},
): Promise<{ translated: boolean; config: BusinessConfig | null }> {
  const { api = defaultApi, i18n = defaultI18n, store = defaultStore, client = apiClient } = deps;
  i18n.setLanguage(language);
  if (answers) client.preload(answers);
  const [translations, config] = await Promise.allSettled([api.getTranslations(), api.getBizConfig()]);
  if (translations.status === 'fulfilled') {
    // The dictionary into i18n (and the page's texts re-rendered) in a task of its own, not in the
    // one that checked the config.
    await nextTask();
    i18n.set(translations.value.language, translations.value.translations);
  }
  if (config.status === 'rejected') {
    setBizConfig({ status: 'failed' }, store);
    return { translated: translations.status === 'fulfilled', config: null };
  }
  setBizConfig({ status: 'ready', config: config.value }, store);
  return { translated: translations.status === 'fulfilled', config: config.value };
}
