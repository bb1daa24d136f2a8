import type { QueryClient } from '@tanstack/react-query';
import { api, apiClient, i18n, setBizConfig, updateSession, type FirstScreenInput } from '@join/shared';
import { createQueryClient } from './query-client';

/**
 * Before a module renders its part of the server's first screen (FirstScreenRender): the page's
 * state as start-up leaves it for a first visit in `language` (the session's language, the
 * translations and the business config, from the boot answers through the kernel's client, as the
 * browser gets them), and a query client of its own for the render. The answers are served once,
 * like the page's: a render is one at a time (the API renders each language in turn).
 */
export async function prepareFirstScreen({ language, answers }: FirstScreenInput): Promise<QueryClient> {
  updateSession({ language });
  i18n.setLanguage(language);
  apiClient.preload(answers);
  const [translations, config] = await Promise.all([api.getTranslations(), api.getBizConfig()]);
  i18n.set(translations.language, translations.translations);
  setBizConfig({ status: 'ready', config });
  return createQueryClient();
}
