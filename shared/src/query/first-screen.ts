import type { QueryClient } from '@tanstack/react-query';
import { loadStartContent, updateSession, type FirstScreenInput } from '@join/shared';
import { createQueryClient } from './query-client';

/**
 * Before a module renders its part of the server's first screen (FirstScreenRender): the page's
 * state as start-up leaves it for a first visit in `language` (the session's language, then the
 * kernel's start content from the boot answers: translations and business config, as the browser
 * gets them), and a query client of its own for the render. The answers are served once, like the
 * page's: a render is one at a time (the API renders each language in turn). Without its
 * translations or its config a first screen is not rendered (it would be in the wrong words).
 */
export async function prepareFirstScreen({ language, answers }: FirstScreenInput): Promise<QueryClient> {
  updateSession({ language });
  const { translated, config } = await loadStartContent(language, answers);
  if (!translated || !config) throw new Error(`the first screen (${language}) needs the translations and the business config among the page's answers`);
  return createQueryClient();
}
